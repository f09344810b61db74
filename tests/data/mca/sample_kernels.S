// Hand-written sample in the generator's output format, for tests/test_mca_tool.py.
	.text
	.arch armv8-a+crypto
	.globl	snova_sample_add_r4
	.p2align	4
	.type	snova_sample_add_r4, %function
snova_sample_add_r4:
	.cfi_startproc
	ldr	q0, [x0]            // a
	ldr	q1, [x1]            /* b */
	eor	v0.16b, v0.16b, v1.16b
	str	q0, [x2]
	ret
	.cfi_endproc
	.size	snova_sample_add_r4, .-snova_sample_add_r4

	.globl	snova_sample_ctr_loop
	.p2align	4
	.type	snova_sample_ctr_loop, %function
snova_sample_ctr_loop:
	.cfi_startproc
	adr	x3, .Lsnova_sample_ctr_loop_consts
	ld1	{v16.16b-v19.16b}, [x3]
.Lsnova_sample_ctr_loop_top:
	// LLVM-MCA-BEGIN ctr_block
	aese	v0.16b, v16.16b
	aesmc	v0.16b, v0.16b
	eor	v1.16b, v0.16b, v17.16b
	st1	{v1.16b}, [x1], #16
	subs	x2, x2, #1
	b.ne	.Lsnova_sample_ctr_loop_top
	// LLVM-MCA-END
	ret
	.cfi_endproc
	.size	snova_sample_ctr_loop, .-snova_sample_ctr_loop
	.p2align	4
.Lsnova_sample_ctr_loop_consts:
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
	.byte	0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
