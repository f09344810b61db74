// AAPCS64 checker for the kernel tests: calls a function with up to seven
// arguments after filling every callee-saved register (x19-x28, d8-d15) with a
// distinct canary, and returns a bit mask of the registers that did not come
// back intact (bit i: x19+i for i < 10; bit 10+i: d8+i). A callee that moves
// sp without restoring it crashes the restore sequence instead.
//
// uint32_t test_call_checked(void *fn, uint64_t a0, uint64_t a1, uint64_t a2, uint64_t a3, uint64_t a4, uint64_t a5, uint64_t a6);
	.text
	.globl	test_call_checked
	.type	test_call_checked, %function
	.p2align	4
test_call_checked:
	stp	x29, x30, [sp, #-176]!
	mov	x29, sp
	stp	x19, x20, [sp, #16]
	stp	x21, x22, [sp, #32]
	stp	x23, x24, [sp, #48]
	stp	x25, x26, [sp, #64]
	stp	x27, x28, [sp, #80]
	stp	d8, d9, [sp, #96]
	stp	d10, d11, [sp, #112]
	stp	d12, d13, [sp, #128]
	stp	d14, d15, [sp, #144]
	mov	x16, x0
	mov	x0, x1
	mov	x1, x2
	mov	x2, x3
	mov	x3, x4
	mov	x4, x5
	mov	x5, x6
	mov	x6, x7
	adr	x17, canaries
	ldp	x19, x20, [x17]
	ldp	x21, x22, [x17, #16]
	ldp	x23, x24, [x17, #32]
	ldp	x25, x26, [x17, #48]
	ldp	x27, x28, [x17, #64]
	ldp	d8, d9, [x17, #80]
	ldp	d10, d11, [x17, #96]
	ldp	d12, d13, [x17, #112]
	ldp	d14, d15, [x17, #128]
	blr	x16
	adr	x17, canaries
	mov	x0, #0
	.irp	n, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28
	ldr	x9, [x17, #(\n - 19) * 8]
	cmp	x9, x\n
	cset	x10, ne
	orr	x0, x0, x10, lsl #(\n - 19)
	.endr
	.irp	n, 8, 9, 10, 11, 12, 13, 14, 15
	ldr	x9, [x17, #80 + (\n - 8) * 8]
	fmov	x11, d\n
	cmp	x9, x11
	cset	x10, ne
	orr	x0, x0, x10, lsl #(\n + 2)
	.endr
	ldp	x19, x20, [sp, #16]
	ldp	x21, x22, [sp, #32]
	ldp	x23, x24, [sp, #48]
	ldp	x25, x26, [sp, #64]
	ldp	x27, x28, [sp, #80]
	ldp	d8, d9, [sp, #96]
	ldp	d10, d11, [sp, #112]
	ldp	d12, d13, [sp, #128]
	ldp	d14, d15, [sp, #144]
	ldp	x29, x30, [sp], #176
	ret
	.size	test_call_checked, .-test_call_checked

	.p2align	3
canaries:
	.quad	0x9e3779b97f4a7c15, 0xbf58476d1ce4e5b9, 0x94d049bb133111eb, 0x2545f4914f6cdd1d
	.quad	0xd6e8feb86659fd93, 0xa0761d6478bd642f, 0xe7037ed1a0b428db, 0x8ebc6af09c88c6e3
	.quad	0x589965cc75374cc3, 0x1d8e4e27c47d124f, 0xc2b2ae3d27d4eb4f, 0x165667b19e3779f9
	.quad	0x27d4eb2f165667c5, 0x85ebca77c2b2ae63, 0xff51afd7ed558ccd, 0xc4ceb9fe1a85ec53
	.quad	0x4cf5ad432745937f, 0x3c6ef372fe94f82b

	.section	.note.GNU-stack,"",%progbits
