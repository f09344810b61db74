// Deliberately broken Keccak-f[1600] kernels: wrappers of the real one that each
// add one fault the harness must catch.
	.text
	.p2align	4
	.globl	faulty_keccak_overwrite         // writes the 8 bytes after the state
faulty_keccak_overwrite:
	str	x30, [sp, #-16]!
	str	x0, [sp, #8]
	bl	snova_keccakf1600
	ldr	x0, [sp, #8]
	str	xzr, [x0, #200]
	ldr	x30, [sp], #16
	ret
	.globl	faulty_keccak_overread          // reads the 8 bytes after the state
faulty_keccak_overread:
	ldr	x9, [x0, #200]
	b	snova_keccakf1600
	.globl	faulty_keccak_clobber_x19       // uses x19 without saving it
faulty_keccak_clobber_x19:
	mov	x19, #1
	b	snova_keccakf1600
	.globl	faulty_keccak_clobber_d8        // uses v8 without saving d8
faulty_keccak_clobber_d8:
	movi	v8.2d, #0
	b	snova_keccakf1600_x2
	.section	.note.GNU-stack,"",%progbits
