// Deliberately broken kernels: the tests run them through the same harness as
// the generated ones and expect each to be caught.
	.text
	.p2align	4
	.globl	faulty_overread_r3          // reads 16 bytes of a 9-byte operand
faulty_overread_r3:
	ldr	q0, [x0]
	str	d0, [x2]
	ret
	.globl	faulty_underread_r3         // reads the byte before its operand
faulty_underread_r3:
	ldurb	w9, [x0, #-1]
	ldr	d0, [x1]
	str	d0, [x2]
	strb	w9, [x2, #8]
	ret
	.globl	faulty_overwrite_r3         // writes 16 bytes for a 9-byte result
faulty_overwrite_r3:
	movi	v0.16b, #0
	str	q0, [x2]
	ret
	.globl	faulty_clobber_x19_r4       // uses x19 without saving it
faulty_clobber_x19_r4:
	ldr	q0, [x0]
	mov	x19, #1
	str	q0, [x2]
	ret
	.globl	faulty_clobber_d8_r4        // uses v8 without saving d8
faulty_clobber_d8_r4:
	ldr	q8, [x0]
	str	q8, [x2]
	ret
	.globl	faulty_overread_r5          // a 25-byte operand read as two 16-byte halves
faulty_overread_r5:
	ldr	q0, [x0]
	ldr	q1, [x0, #16]
	ldr	q2, [x1]
	ldur	q3, [x1, #9]
	str	q2, [x2]
	stur	q3, [x2, #9]
	ret
	.globl	faulty_overwrite_4x4x5      // writes 32 bytes for a 4x5 (20-byte) result
faulty_overwrite_4x4x5:
	ldr	q0, [x0]
	movi	v1.16b, #0
	stp	q0, q1, [x2]
	ret
	.section	.note.GNU-stack,"",%progbits
