#include "help.h"

#include <stddef.h>
#include <string.h>

static const char overview[] =
    "usage: snova COMMAND [OPTION...]\n"
    "  snova list                the instances: sizes, status, the recommended set of each level\n"
    "  snova keygen --set NAME --pk FILE --sk FILE [--force] [--allow-insecure]\n"
    "  snova sign --sk FILE [--set NAME] [--in FILE] [--out FILE] [--force]\n"
    "  snova sign --sk FILE [--set NAME] --in FILE --out FILE [--in FILE --out FILE]... [--force]\n"
    "  snova verify --pk FILE --sig FILE [--set NAME] [--in FILE]\n"
    "  snova verify --pk FILE [--set NAME] --sig FILE --in FILE [--sig FILE --in FILE]...\n"
    "  snova export --in KEYFILE --out FILE [--force]\n"
    "  snova import --set NAME --public|--secret --in FILE --out KEYFILE [--force]\n"
    "  snova speed [--set NAME]... [--op OP]... [--seconds S] [--kernels CLASS|portable]... [--json]\n"
    "  snova COMMAND --help      the command's options (-h too)\n"
    "  snova --version\n"
    "To choose a set, take the one `snova list` marks recommended at the security level\n"
    "you need (I, III or V). NAME is a build name (snova-r3-i-s) or an official name\n"
    "(SNOVA_I_S), in any case. FILE - is standard input or output.\n"
    "Exit status: 0 done or valid, 1 invalid signature, 2 usage, input or I/O error.\n";

static const struct {
    const char *command, *text;
} commands[] = {
    {"list",
     "usage: snova list\n"
     "One line per instance: its build name, round, official name, public key, secret key\n"
     "and signature bytes, and status: stands (no attack known below its claimed level),\n"
     "withdrawn (by its authors, after an attack) or broken (for interoperability tests only).\n"
     "\"recommended (level L)\" marks one set per security level: of the Round 3 sets that\n"
     "stand, the one with the smallest public key plus signature (the bytes a verifier\n"
     "receives), the SHAKE form before its -aes twin of the same sizes (SHAKE needs no AES\n"
     "instructions to be fast).\n"},
    {"keygen",
     "usage: snova keygen --set NAME --pk FILE --sk FILE [--force] [--allow-insecure]\n"
     "Makes a key pair of the instance NAME (snova list; a build or official name, any\n"
     "case): the public key in the --pk file, the secret key in the --sk file (mode 0600);\n"
     "both files or neither.\n"
     "  --force            replace existing regular files (never a symlink, device or FIFO)\n"
     "  --allow-insecure   make a key of a broken or withdrawn set (interoperability tests)\n"},
    {"sign",
     "usage: snova sign --sk FILE [--set NAME] [--in FILE] [--out FILE] [--force]\n"
     "       snova sign --sk FILE [--set NAME] --in FILE --out FILE [--in FILE --out FILE]... [--force]\n"
     "Signs the message in the --in file (standard input without it) with the secret key\n"
     "and writes the detached signature to the --out file; without --out to standard\n"
     "output unless that is a terminal (--out - writes there regardless).\n"
     "Several --in, each with its --out (at most 60): the key is prepared once and every\n"
     "message signed; the outputs are written only if every one can be.\n"
     "  --set NAME   the instance the key must be of\n"
     "  --force      replace an existing regular file (never the key or the message, a\n"
     "               symlink, device or FIFO)\n"},
    {"verify",
     "usage: snova verify --pk FILE --sig FILE [--set NAME] [--in FILE]\n"
     "       snova verify --pk FILE [--set NAME] --sig FILE --in FILE [--sig FILE --in FILE]...\n"
     "Checks the detached signature in the --sig file of the message in the --in file\n"
     "(standard input without it) with the public key: prints \"valid\" (exit 0), or\n"
     "reports an invalid signature (exit 1). At most one input is standard input (-).\n"
     "Several --sig, each with its --in (at most 60): the key is prepared once; a line per\n"
     "pair, \"valid: SIG\" or the invalid signature reported; exit 1 if any is invalid.\n"
     "  --set NAME   the instance the key must be of\n"},
    {"export",
     "usage: snova export --in KEYFILE --out FILE [--force]\n"
     "Writes the key of a public or secret key file as the raw bytes of the NIST API\n"
     "(what liboqs and the official code use) to the --out file (a secret key: mode 0600).\n"
     "  --force   replace an existing regular file (never the key file, a symlink, device or FIFO)\n"},
    {"import",
     "usage: snova import --set NAME --public|--secret --in FILE --out KEYFILE [--force]\n"
     "Makes a key file of the instance NAME of the raw NIST bytes of a public (--public)\n"
     "or secret (--secret) key in the --in file (standard input for -), which must have\n"
     "the instance's length and be a key the library accepts; a secret key file has mode 0600.\n"
     "  --force   replace an existing regular file (never the raw key, a symlink, device or FIFO)\n"},
    {"speed",
     "usage: snova speed [--set NAME]... [--op OP]... [--seconds S] [--kernels CLASS|portable]... [--json]\n"
     "Measures the library on this machine: per set, operation and kernel table, the\n"
     "calls made, calls per second, the median and quartile nanoseconds per call, and\n"
     "the median cycles per call where a counter is readable (the header names it: CPU\n"
     "cycles from perf_event, or a tick counter such as cntvct_el0, which is not CPU\n"
     "cycles). Signing signs a new message each call, so retries count as they happen.\n"
     "  --set NAME      a set to measure (default: the recommended set of each level)\n"
     "  --op OP         keygen, sign, verify, prepare-pk, prepare-sk, sign-prepared or\n"
     "                  verify-prepared (default: all)\n"
     "  --seconds S     time per row, at least 3 calls (default 1)\n"
     "  --kernels T     the kernel table: portable, or a core class (little, slow_tbl,\n"
     "                  wide, default) on an AArch64 build; several: each row in each,\n"
     "                  with its speed relative to the first (default: the one in use,\n"
     "                  the CPU's own or SNOVA_CORE_CLASS's)\n"
     "  --json          one JSON object: {\"cpu\": {...}, \"timer\": ..., \"results\": [...]}\n"},
};

const char *help_text(const char *command) {
    for (size_t c = 0; command != NULL && c < sizeof(commands) / sizeof(commands[0]); c++)
        if (strcmp(command, commands[c].command) == 0)
            return commands[c].text;
    return overview;
}
