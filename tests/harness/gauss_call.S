// uint8_t-returning kernels through the AAPCS64 canary checker, whose own
// return value is the canary mask: gauss_call_and_store(fn, g, n, stride, out)
// calls fn(g, n, stride) and stores its 8-bit result at out. Uses only x9 and
// its own stack frame, so a callee-saved register that comes back changed was
// changed by fn.
	.text
	.p2align	4
	.globl	gauss_call_and_store
	.type	gauss_call_and_store, %function
gauss_call_and_store:
	stp	x29, x30, [sp, #-32]!
	mov	x29, sp
	str	x4, [sp, #16]
	mov	x9, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	blr	x9
	ldr	x4, [sp, #16]
	strb	w0, [x4]
	ldp	x29, x30, [sp], #32
	ret
	.size	gauss_call_and_store, .-gauss_call_and_store
	.section	.note.GNU-stack,"",%progbits
