// Helpers for the AES kernel tests: a call that shows what the callee left
// behind on the stack and in registers, and deliberately broken kernels that
// the tests must catch.
//
// void probe_call(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3,
//                 uint8_t stack_dump[PROBE_STACK], uint8_t reg_dump[656]);
// Fills the PROBE_STACK bytes below its own sp with 0x55, zeroes v8-v15 (its
// own d8-d15 are saved and restored), calls fn(a0, a1, a2, a3), then writes v0-v31
// whole and x0-x17, as the callee returned them, to reg_dump (512 + 144 bytes)
// and the PROBE_STACK bytes below sp, where the callee's frame was, to stack_dump.
	.set	PROBE_STACK, 4096
	.text
	.arch	armv8-a+crypto

	.globl	probe_call
	.type	probe_call, %function
	.p2align	4
probe_call:
	stp	x29, x30, [sp, #-96]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	d8, d9, [sp, #32]
	stp	d10, d11, [sp, #48]
	stp	d12, d13, [sp, #64]
	stp	d14, d15, [sp, #80]
	mov	x19, x5
	mov	x20, x6
	mov	x9, sp
	sub	x10, x9, #PROBE_STACK
	mov	x11, #0x5555555555555555
1:	str	x11, [x10], #8
	cmp	x10, x9
	b.lo	1b
	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15
	movi	v\n\().16b, #0
	.endr
	mov	x16, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	blr	x16
	stp	q0, q1, [x20, #0]
	stp	q2, q3, [x20, #32]
	stp	q4, q5, [x20, #64]
	stp	q6, q7, [x20, #96]
	stp	q8, q9, [x20, #128]
	stp	q10, q11, [x20, #160]
	stp	q12, q13, [x20, #192]
	stp	q14, q15, [x20, #224]
	stp	q16, q17, [x20, #256]
	stp	q18, q19, [x20, #288]
	stp	q20, q21, [x20, #320]
	stp	q22, q23, [x20, #352]
	stp	q24, q25, [x20, #384]
	stp	q26, q27, [x20, #416]
	stp	q28, q29, [x20, #448]
	stp	q30, q31, [x20, #480]
	str	x0, [x20, #512]
	str	x1, [x20, #520]
	str	x2, [x20, #528]
	str	x3, [x20, #536]
	str	x4, [x20, #544]
	str	x5, [x20, #552]
	str	x6, [x20, #560]
	str	x7, [x20, #568]
	str	x8, [x20, #576]
	str	x9, [x20, #584]
	str	x10, [x20, #592]
	str	x11, [x20, #600]
	str	x12, [x20, #608]
	str	x13, [x20, #616]
	str	x14, [x20, #624]
	str	x15, [x20, #632]
	str	x16, [x20, #640]
	str	x17, [x20, #648]
	mov	x9, sp
	sub	x10, x9, #PROBE_STACK
	mov	x12, x19
2:	ldr	x11, [x10], #8
	str	x11, [x12], #8
	cmp	x10, x9
	b.lo	2b
	ldp	d8, d9, [sp, #32]
	ldp	d10, d11, [sp, #48]
	ldp	d12, d13, [sp, #64]
	ldp	d14, d15, [sp, #80]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #96
	ret
	.size	probe_call, .-probe_call

// Writes whole blocks: rounds len up to a multiple of 16 (a tail overwrite).
	.globl	faulty_ctr_overwrite
	.type	faulty_ctr_overwrite, %function
	.p2align	4
faulty_ctr_overwrite:
	add	x1, x1, #15
	and	x1, x1, #0xfffffffffffffff0
	b	snova_aes128_ctr_keystream
	.size	faulty_ctr_overwrite, .-faulty_ctr_overwrite

// Reads one byte past the end of the IV.
	.globl	faulty_ctr_overread_iv
	.type	faulty_ctr_overread_iv, %function
	.p2align	4
faulty_ctr_overread_iv:
	ldrb	w9, [x2, #16]
	b	snova_aes128_ctr_keystream
	.size	faulty_ctr_overread_iv, .-faulty_ctr_overread_iv

// Leaves d8 changed (AAPCS64: d8-d15 are callee-saved).
	.globl	faulty_ctr_clobber_d8
	.type	faulty_ctr_clobber_d8, %function
	.p2align	4
faulty_ctr_clobber_d8:
	stp	x29, x30, [sp, #-16]!
	mov	x29, sp
	bl	snova_aes128_ctr_keystream
	movi	v8.16b, #1
	ldp	x29, x30, [sp], #16
	ret
	.size	faulty_ctr_clobber_d8, .-faulty_ctr_clobber_d8

// The PRNG done the obvious way: round keys expanded into a stack buffer,
// then the keystream kernel; right output, but nothing is wiped.
	.globl	faulty_prng_leaky
	.type	faulty_prng_leaky, %function
	.p2align	4
faulty_prng_leaky:
	stp	x29, x30, [sp, #-240]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	str	x21, [sp, #32]
	mov	x19, x0
	mov	x20, x1
	add	x21, sp, #48
	mov	x0, x2
	mov	x1, x21
	bl	snova_aes128_key_expand
	stp	xzr, xzr, [sp, #224]
	mov	x0, x19
	mov	x1, x20
	add	x2, sp, #224
	mov	x3, x21
	bl	snova_aes128_ctr_keystream
	ldr	x21, [sp, #32]
	ldp	x19, x20, [sp, #16]
	ldp	x29, x30, [sp], #240
	ret
	.size	faulty_prng_leaky, .-faulty_prng_leaky

	.section	.note.GNU-stack,"",%progbits
