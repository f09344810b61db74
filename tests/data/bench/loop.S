// Nested counting loops with raw syscalls and no libc, for an exact
// hand-computed executed-instruction count (tests/test_bench_tools.py):
//   1 + OUTER * (1 + 2*INNER + 2) + 5 + 3   = 2039 for OUTER=10, INNER=100
// (the svc instructions are counted: they are executed).
    .equ OUTER, 10
    .equ INNER, 100
    .text
    .globl _start
_start:
    mov     x2, #OUTER          // 1
outer:
    mov     x1, #INNER          // OUTER
inner:
    subs    x1, x1, #1          // OUTER * INNER
    b.ne    inner               // OUTER * INNER
    subs    x2, x2, #1          // OUTER
    b.ne    outer               // OUTER
    mov     x0, #1              // write(1, msg, 3): 5
    adr     x1, msg
    mov     x2, #3
    mov     x8, #64
    svc     #0
    mov     x0, #0              // exit_group(0): 3
    mov     x8, #94
    svc     #0

    .section .rodata
msg:
    .ascii  "ok\n"
