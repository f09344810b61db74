/* The libsnova instance of the set this file is compiled for (c_glue.mk's
 * SNOVA_DEFS, and -DSNOVA_LIB_NAME="<set name>" -DSNOVA_LIB_ID=<id> from lib.mk). */
#include "snova_namespace.h"
#include "lib_instance.h"

#include "api.h"
#include "core.h"
#include "kernels.h"
#include "sign_salted.h"

/* the set's status and level, from generator/sets.yaml */
#include "lib_instance_table.h"
#define SNOVA_LIB_STATUS_OF(id) SNOVA_LIB_STATUS_##id
#define SNOVA_LIB_STATUS_OF_ID(id) SNOVA_LIB_STATUS_OF(id)
#define SNOVA_LIB_LEVEL_OF(id) SNOVA_LIB_LEVEL_##id
#define SNOVA_LIB_LEVEL_OF_ID(id) SNOVA_LIB_LEVEL_OF(id)

const struct snova_instance snova_lib_instance = {
    .name = SNOVA_LIB_NAME,
    .algname = CRYPTO_ALGNAME,
    .round = SNOVA_ROUND,
    .status = SNOVA_LIB_STATUS_OF_ID(SNOVA_LIB_ID),
    .level = SNOVA_LIB_LEVEL_OF_ID(SNOVA_LIB_ID),
    .pk_bytes = CRYPTO_PUBLICKEYBYTES,
    .sk_bytes = CRYPTO_SECRETKEYBYTES,
    .sig_bytes = CRYPTO_BYTES,
    .keypair = crypto_sign_keypair,
    .sign = crypto_sign,
    .open = crypto_sign_open,
    .signature = crypto_sign_signature,
    .verify = crypto_sign_verify,
    .seed_bytes = SNOVA_SEED_BYTES,
    .salt_bytes = SNOVA_SALT_BYTES,
    .keypair_seeded = snova_keypair_seeded,
    .core_sign = snova_core_sign,
    .core_verify = snova_core_verify,
    .public_prepared_bytes = snova_core_public_prepared_bytes,
    .secret_prepared_bytes = snova_core_secret_prepared_bytes,
    .prepare_public = snova_core_prepare_public,
    .prepare_secret = snova_core_prepare_secret,
    .verify_prepared = snova_core_verify_prepared,
    .sign_prepared = snova_core_sign_prepared,
    .kernels_choose = snova_kernels_choose,
    .kernels_choice = snova_kernels_choice,
};
