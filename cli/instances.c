#include "instances.h"

#include <stdio.h>
#include <string.h>

#include "report.h"

/* ASCII only: names are ASCII, and the locale must not change what matches */
static int same_ignoring_case(const char *a, const char *b) {
    for (;; a++, b++) {
        char x = *a >= 'A' && *a <= 'Z' ? (char)(*a - 'A' + 'a') : *a;
        char y = *b >= 'A' && *b <= 'Z' ? (char)(*b - 'A' + 'a') : *b;
        if (x != y)
            return 0;
        if (x == '\0')
            return 1;
    }
}

static const snova_instance *instance(int id) { return snova_instance_by_id((snova_id)id); }

int find_instance(const char *name, const snova_instance **inst) {
    int matches = 0;
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        if (same_ignoring_case(name, snova_instance_name(instance(id)))) {
            *inst = instance(id);
            return EXIT_OK;
        }
        if (same_ignoring_case(name, snova_instance_algname(instance(id)))) {
            *inst = instance(id);
            matches++;
        }
    }
    if (matches == 1)
        return EXIT_OK;
    if (matches == 0)
        return report("unknown instance '%s' (snova list)", name);
    /* the longest list: Round 1's esk and ssk forms and Round 2's set */
    char names[256] = "";
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++)
        if (same_ignoring_case(name, snova_instance_algname(instance(id))))
            snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", names[0] ? ", " : "",
                     snova_instance_name(instance(id)));
    return report("'%s' names %s: give one of these (snova list)", name, names);
}

void instance_level(const snova_instance *inst, char level[8]) {
    level[0] = '\0';
    if (snova_instance_round(inst) == 3)
        sscanf(snova_instance_algname(inst), "SNOVA_%7[IV]", level);
}

static size_t received_bytes(const snova_instance *inst) {
    return snova_public_key_bytes(inst) + snova_signature_bytes(inst);
}

int instance_recommended(const snova_instance *inst) {
    char level[8], other[8];
    instance_level(inst, level);
    if (level[0] == '\0' || snova_instance_status(inst) != SNOVA_STATUS_STANDS)
        return 0;
    int earlier = 1; /* the rivals before inst in the library's order win ties */
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++) {
        const snova_instance *rival = instance(id);
        if (rival == inst) {
            earlier = 0;
            continue;
        }
        instance_level(rival, other);
        if (strcmp(level, other) != 0 || snova_instance_status(rival) != SNOVA_STATUS_STANDS)
            continue;
        size_t theirs = received_bytes(rival), ours = received_bytes(inst);
        if (theirs < ours || (theirs == ours && earlier))
            return 0;
    }
    return 1;
}
