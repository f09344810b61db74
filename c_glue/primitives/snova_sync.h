/* The two thread primitives the core and the library need, on the platform's own
 * API: a run-once (tables made on first use, the kernel choice) and a mutex (the
 * prepared-key registry), both statically initialised so that nothing has to be
 * set up before the first call. POSIX threads everywhere but Windows, whose C
 * runtime has none: there, INIT_ONCE and a slim reader/writer lock taken
 * exclusively. */
#ifndef SNOVA_SYNC_H
#define SNOVA_SYNC_H

#if defined(_WIN32)
#ifndef WIN32_LEAN_AND_MEAN
#define WIN32_LEAN_AND_MEAN
#endif
#include <windows.h>

typedef INIT_ONCE snova_once;
#define SNOVA_ONCE_INIT INIT_ONCE_STATIC_INIT
typedef SRWLOCK snova_mutex;
#define SNOVA_MUTEX_INIT SRWLOCK_INIT

struct snova_once_call {
    void (*run)(void);
};

static BOOL CALLBACK snova_once_trampoline(PINIT_ONCE once, PVOID call, PVOID *context) {
    (void)once;
    (void)context;
    ((struct snova_once_call *)call)->run();
    return TRUE;
}

static inline void snova_once_run(snova_once *once, void (*run)(void)) {
    struct snova_once_call call = {run};
    InitOnceExecuteOnce(once, snova_once_trampoline, &call, NULL);
}
static inline void snova_mutex_lock(snova_mutex *m) { AcquireSRWLockExclusive(m); }
static inline void snova_mutex_unlock(snova_mutex *m) { ReleaseSRWLockExclusive(m); }

#else
#include <pthread.h>

typedef pthread_once_t snova_once;
#define SNOVA_ONCE_INIT PTHREAD_ONCE_INIT
typedef pthread_mutex_t snova_mutex;
#define SNOVA_MUTEX_INIT PTHREAD_MUTEX_INITIALIZER

static inline void snova_once_run(snova_once *once, void (*run)(void)) { pthread_once(once, run); }
static inline void snova_mutex_lock(snova_mutex *m) { pthread_mutex_lock(m); }
static inline void snova_mutex_unlock(snova_mutex *m) { pthread_mutex_unlock(m); }
#endif

#endif
