/* The marks of secret and public data in the constant-time test programs
 * (tests/programs/test_ct.c, tools/ct/lib_ct.c, tools/ct/fixed_random.c,
 * tests/harness/export_kat.c). Built with -DSNOVA_CT_VALGRIND and run under
 * valgrind memcheck, SECRET makes bytes undefined, so memcheck reports every
 * branch and every address computed from them, and PUBLIC declassifies bytes
 * (outputs, before they are checked). Without it both do nothing: the same
 * programs traced under qemu (tools/ct/trace.py). Only test programs include
 * this; the library never marks anything. */
#ifndef SNOVA_CT_MARKS_H
#define SNOVA_CT_MARKS_H

#if defined(SNOVA_CT_VALGRIND)
#include <valgrind/memcheck.h>
#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#else
#define SECRET(p, n) ((void)(p), (void)(n))
#define PUBLIC(p, n) ((void)(p), (void)(n))
#endif

#endif
