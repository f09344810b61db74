/* libsnova's prepared keys (include/snova.h): a key made once, by its
 * instance's core, into what signing or verification derives from it alone
 * (core.h), then used for any number of messages, by any number of threads.
 *
 * Misuse is recognised without reading memory that may be freed or foreign: a
 * process-wide registry holds the address and kind of every live prepared key,
 * and a pointer is looked up there by its value before anything is read through
 * it. Only a registered key's tag (its kind, its instance and a check word
 * bound to its address) is then checked, so a corrupted header is refused too.
 * A key in use holds a count in the registry: freeing it takes it out of reach
 * at once and the last call still using it wipes and frees it, so a free racing
 * a use never pulls the memory from under that use. What no registry can tell:
 * a freed key's address handed out again by malloc to a new prepared key of the
 * same kind (the stale pointer then names the new key). */
#define _POSIX_C_SOURCE 200809L
#include "snova_sync.h"
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib_instance.h"
#include "lib_sign.h"

enum key_kind { PUBLIC_KEY = 1, SECRET_KEY = 2 };
static const char *const kind_name[] = {[PUBLIC_KEY] = "public", [SECRET_KEY] = "secret"};

/* Both kinds are this object behind their own pointer types (never defined):
 * the tag, then the core's prepared form, aligned as malloc aligns (the core's
 * form is a C struct) */
struct prepared_key {
    uint64_t check; /* check_word(this, kind) while the key lives; wiped with it */
    enum key_kind kind;
    const struct snova_instance *inst;
    size_t bytes; /* of the whole object, for the wipe */
    alignas(max_align_t) uint8_t prepared[];
};

#define PREPARED_CHECK 0x736e6f76616b6579ULL /* "snovakey" */

static uint64_t check_word(const struct prepared_key *p, enum key_kind kind) {
    return PREPARED_CHECK ^ (uint64_t)(uintptr_t)p ^ ((uint64_t)kind << 56);
}

/* ---- the registry of live prepared keys ----------------------------------- */

struct live_key {
    uintptr_t at;    /* the key's address: compared, never read through */
    enum key_kind kind;
    unsigned uses;   /* calls using the key now */
    int freed;       /* freed while in use: the last use frees it */
};

/* sorted by address */
static struct {
    snova_mutex lock;
    struct live_key *keys;
    size_t count, capacity;
} registry = {SNOVA_MUTEX_INIT, NULL, 0, 0};

/* the index of the entry of address at, or where it would go (lock held) */
static size_t slot_of(uintptr_t at) {
    size_t lo = 0, hi = registry.count;
    while (lo < hi) {
        size_t mid = lo + (hi - lo) / 2;
        if (registry.keys[mid].at < at)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* the entry of key if it is a live key of the kind, else NULL (lock held) */
static struct live_key *live_entry(const void *key, enum key_kind kind) {
    size_t i = slot_of((uintptr_t)key);
    if (i == registry.count || registry.keys[i].at != (uintptr_t)key)
        return NULL;
    struct live_key *e = &registry.keys[i];
    return e->kind == kind && !e->freed ? e : NULL;
}

/* removes the entry (lock held) */
static void forget(struct live_key *e) {
    size_t i = (size_t)(e - registry.keys);
    memmove(e, e + 1, (registry.count - i - 1) * sizeof(*e));
    registry.count--;
}

/* room for one more entry (lock held): 0, or -1 if the registry could not grow */
static int make_room(void) {
    if (registry.count < registry.capacity)
        return 0;
    size_t capacity = registry.capacity ? 2 * registry.capacity : 16;
    struct live_key *grown = realloc(registry.keys, capacity * sizeof(*grown));
    if (grown == NULL)
        return -1;
    registry.keys = grown;
    registry.capacity = capacity;
    return 0;
}

/* Grows the registry before a key is allocated, so that its array lies below the
 * key on the heap: a freed key then goes back to the heap as it came (the same
 * addresses and allocator paths key after key, which the constant-time traces
 * compare). 0, or -1 if it could not grow. */
static int registry_reserve(void) {
    snova_mutex_lock(&registry.lock);
    int r = make_room();
    snova_mutex_unlock(&registry.lock);
    return r;
}

/* 0, or -1 if the registry could not grow */
static int registry_add(const struct prepared_key *p) {
    snova_mutex_lock(&registry.lock);
    int r = make_room();
    if (r == 0) {
        size_t i = slot_of((uintptr_t)p);
        memmove(&registry.keys[i + 1], &registry.keys[i], (registry.count - i) * sizeof(registry.keys[0]));
        registry.keys[i] = (struct live_key){(uintptr_t)p, p->kind, 0, 0};
        registry.count++;
    }
    snova_mutex_unlock(&registry.lock);
    return r;
}

/* the tag of a registered key is whole: its check word, a known instance, its size */
static int tag_holds(const struct prepared_key *p, enum key_kind kind) {
    int known = 0;
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++)
        known |= snova_instance_by_id((snova_id)id) == p->inst;
    if (p->check != check_word(p, kind) || p->kind != kind || !known)
        return 0;
    size_t core = kind == PUBLIC_KEY ? p->inst->public_prepared_bytes() : p->inst->secret_prepared_bytes();
    return p->bytes == sizeof(*p) + core;
}

/* key as a live prepared key of the kind, counted as in use until release; NULL
 * for anything else (NULL, freed, never prepared, the other kind, a damaged tag) */
static const struct prepared_key *acquire(const void *key, enum key_kind kind) {
    snova_mutex_lock(&registry.lock);
    struct live_key *e = live_entry(key, kind);
    const struct prepared_key *p = e != NULL && tag_holds(key, kind) ? key : NULL;
    if (p != NULL)
        e->uses++;
    snova_mutex_unlock(&registry.lock);
    return p;
}

/* the wipe and the free of a key no longer registered */
static void destroy(const struct prepared_key *p) {
    snova_free_wiped((void *)p, p->bytes);
}

/* ends a use of acquire; the last use of a key freed meanwhile destroys it */
static void release(const struct prepared_key *p) {
    snova_mutex_lock(&registry.lock);
    size_t i = slot_of((uintptr_t)p);
    struct live_key *e = &registry.keys[i];
    int last = --e->uses == 0 && e->freed;
    if (last)
        forget(e);
    snova_mutex_unlock(&registry.lock);
    if (last)
        destroy(p);
}

/* the free functions: no error to return, so a pointer that is not a live key
 * of the kind stops the process with a message rather than free what it names */
static void free_key(const void *key, enum key_kind kind, const char *function) {
    if (key == NULL)
        return;
    snova_mutex_lock(&registry.lock);
    struct live_key *e = live_entry(key, kind);
    int now = e != NULL && e->uses == 0;
    if (now)
        forget(e);
    else if (e != NULL)
        e->freed = 1;
    snova_mutex_unlock(&registry.lock);
    if (e == NULL) {
        fprintf(stderr,
                "libsnova: %s(%p): not a live prepared %s key (freed already, never prepared, or of the other "
                "kind)\n",
                function, key, kind_name[kind]);
        abort();
    }
    if (now)
        destroy(key);
}

/* ---- preparing, freeing, using ------------------------------------------- */

size_t snova_public_key_prepared_bytes(const snova_instance *inst) {
    return inst != NULL ? sizeof(struct prepared_key) + inst->public_prepared_bytes() : 0;
}

size_t snova_secret_key_prepared_bytes(const snova_instance *inst) {
    return inst != NULL ? sizeof(struct prepared_key) + inst->secret_prepared_bytes() : 0;
}

/* the prepared key of `bytes` bytes that fill makes of key, tagged and
 * registered, or NULL; a key that could not be made is wiped (the secret one
 * holds secret parts by then) */
static struct prepared_key *prepare(const snova_instance *inst, enum key_kind kind, size_t bytes,
                                    int (*fill)(void *prepared, const uint8_t *key), const uint8_t *key) {
    if (inst == NULL || key == NULL || registry_reserve() != 0)
        return NULL;
    struct prepared_key *p = snova_alloc(bytes);
    if (p == NULL)
        return NULL;
    p->check = check_word(p, kind);
    p->kind = kind;
    p->inst = inst;
    p->bytes = bytes;
    if (fill(p->prepared, key) != 0 || registry_add(p) != 0) {
        snova_free_wiped(p, bytes);
        return NULL;
    }
    return p;
}

snova_public_key *snova_public_key_prepare(const snova_instance *inst, const uint8_t *pk) {
    return (snova_public_key *)prepare(inst, PUBLIC_KEY, snova_public_key_prepared_bytes(inst),
                                       inst != NULL ? inst->prepare_public : NULL, pk);
}

snova_secret_key *snova_secret_key_prepare(const snova_instance *inst, const uint8_t *sk) {
    return (snova_secret_key *)prepare(inst, SECRET_KEY, snova_secret_key_prepared_bytes(inst),
                                       inst != NULL ? inst->prepare_secret : NULL, sk);
}

void snova_public_key_free(snova_public_key *key) { free_key(key, PUBLIC_KEY, "snova_public_key_free"); }

void snova_secret_key_free(snova_secret_key *key) { free_key(key, SECRET_KEY, "snova_secret_key_free"); }

/* The signature of digest (NULL: the call's arguments are refused) with salt
 * (NULL: drawn), under the rule of every signing call (lib_sign.h); the key's
 * instance gives the size to zero on refusal. */
static int sign_digest(const snova_secret_key *key, uint8_t *sig, size_t *siglen, uint8_t *digest,
                       const uint8_t *salt) {
    const struct prepared_key *p = acquire(key, SECRET_KEY);
    int r;
    if (p != NULL && digest != NULL) {
        r = snova_lib_sign(p->inst, sig, siglen, digest, salt, NULL, p->prepared);
    } else {
        r = snova_lib_refuse(p != NULL ? p->inst : NULL, sig, siglen);
        if (digest != NULL)
            snova_wipe(digest, SNOVA_LIB_DIGEST_BYTES);
    }
    if (p != NULL)
        release(p);
    return r;
}

int snova_sign_prepared_with_salt(const snova_secret_key *key, uint8_t *sig, size_t *siglen, const uint8_t *m,
                                  size_t mlen, const uint8_t *salt) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    int given = sig != NULL && siglen != NULL && message_given(m, mlen) && salt != NULL;
    if (given)
        snova_shake256(digest, sizeof(digest), m, mlen);
    return sign_digest(key, sig, siglen, given ? digest : NULL, salt);
}

int snova_sign_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen, const uint8_t *m, size_t mlen) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    int given = sig != NULL && siglen != NULL && message_given(m, mlen);
    if (given)
        snova_shake256(digest, sizeof(digest), m, mlen);
    return sign_digest(key, sig, siglen, given ? digest : NULL, NULL);
}

int snova_sign_hashed_prepared(const snova_secret_key *key, uint8_t *sig, size_t *siglen, snova_hasher *h) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    int given = sig != NULL && siglen != NULL && hasher_final(h, digest) == 0;
    return sign_digest(key, sig, siglen, given ? digest : NULL, NULL);
}

/* The verdict on sig over digest (NULL: the call's arguments are refused). */
static int verify_digest(const snova_public_key *key, const uint8_t *sig, size_t siglen, const uint8_t *digest) {
    const struct prepared_key *p = acquire(key, PUBLIC_KEY);
    int r = -1;
    if (p != NULL && digest != NULL && siglen == p->inst->sig_bytes)
        r = p->inst->verify_prepared(digest, sig, p->prepared) == 0 ? 0 : -1;
    if (p != NULL)
        release(p);
    return r;
}

int snova_verify_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen, const uint8_t *m,
                          size_t mlen) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    int given = sig != NULL && message_given(m, mlen);
    if (given)
        snova_shake256(digest, sizeof(digest), m, mlen);
    return verify_digest(key, sig, siglen, given ? digest : NULL);
}

int snova_verify_hashed_prepared(const snova_public_key *key, const uint8_t *sig, size_t siglen, snova_hasher *h) {
    uint8_t digest[SNOVA_LIB_DIGEST_BYTES];
    int given = sig != NULL && hasher_final(h, digest) == 0;
    return verify_digest(key, sig, siglen, given ? digest : NULL);
}
