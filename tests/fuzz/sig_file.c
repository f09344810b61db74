/* Fuzz target: the command's signature-file parser (cli/sigfile.c, sig_read),
 * on any bytes, for any instance (input byte 0; the file is the rest). It must
 * accept exactly the files of the instance's signature size, and read their
 * bytes unchanged. */
#include "file_input.h"

#include <string.h>

#include "report.h"
#include "sigfile.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (size < 1)
        return 0;
    const snova_instance *inst = snova_instance_by_id((snova_id)(data[0] % SNOVA_INSTANCE_COUNT));
    size_t sigb = snova_signature_bytes(inst), len = size - 1;
#if defined(SNOVA_FUZZ_PLANT_SIZE)
    /* tests/test_fuzz.py: a wrong expectation, so that every input is a finding */
    const size_t want = sigb + 1;
#else
    const size_t want = sigb;
#endif
    uint8_t *sig = calloc(1, sigb);
    struct inputs inputs = {0};
    int r = sig_read(file_holding(data + 1, len), inst, sig, &inputs);
    if ((r == EXIT_OK) != (len == want))
        FUZZ_FINDING("sig_file: sig_read %s %zu bytes as a %s signature of %zu", r == EXIT_OK ? "accepted" : "refused", len,
                     snova_instance_name(inst), sigb);
    if (r == EXIT_OK && memcmp(sig, data + 1, sigb) != 0)
        FUZZ_FINDING("sig_read's signature is not the file's");
    free(sig);
    return 0;
}
