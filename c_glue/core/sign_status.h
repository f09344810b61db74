/* What a core's signing returns besides 0 and -1 (core.h), in a header of its
 * own: libsnova.c, compiled for no parameter set, tells it apart too. */
#ifndef SNOVA_SIGN_STATUS_H
#define SNOVA_SIGN_STATUS_H

/* every attempt's system was singular: the key cannot sign */
#define SNOVA_CORE_UNSOLVABLE (-2)

#endif
