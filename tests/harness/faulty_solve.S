// Deliberately broken wrappers of snova_gf16_solve: each does one forbidden
// thing and then tail-calls the real kernel, so that only the injected fault can
// make the gauss_runner checks fail. uint8_t f(uint8_t *g, size_t n, size_t stride)
	.text
	.p2align	4
	.globl	faulty_solve_overread       // reads the byte after g's n*stride bytes
faulty_solve_overread:
	mul	x9, x1, x2
	ldrb	w9, [x0, x9]
	b	snova_gf16_solve
	.globl	faulty_solve_underread      // reads the byte before g
faulty_solve_underread:
	ldurb	w9, [x0, #-1]
	b	snova_gf16_solve
	.globl	faulty_solve_overwrite      // writes the byte after g's n*stride bytes
faulty_solve_overwrite:
	mul	x9, x1, x2
	strb	wzr, [x0, x9]
	b	snova_gf16_solve
	.globl	faulty_solve_clobber_x19    // uses x19 without saving it
faulty_solve_clobber_x19:
	mov	x19, #1
	b	snova_gf16_solve
	.globl	faulty_solve_clobber_d8     // uses v8 without saving d8
faulty_solve_clobber_d8:
	movi	v8.16b, #0
	b	snova_gf16_solve
	.section	.note.GNU-stack,"",%progbits
