// One hot single-block loop of NEON work, run ITERS times, no libc.
// The lines between the mca-begin/mca-end markers are the loop block that
// tests/test_bench_tools.py hands to llvm-mca directly.
    .equ ITERS, 20000
    .text
    .globl _start
_start:
    mov     x1, #ITERS
loop:
// mca-begin
    eor     v0.16b, v0.16b, v1.16b
    and     v2.16b, v0.16b, v3.16b
    tbl     v4.16b, {v5.16b}, v2.16b
    ushr    v6.16b, v0.16b, #4
    tbl     v7.16b, {v5.16b}, v6.16b
    eor     v1.16b, v4.16b, v7.16b
    subs    x1, x1, #1
    b.ne    loop
// mca-end
    mov     x0, #0
    mov     x8, #94
    svc     #0
