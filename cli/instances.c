/* strcasecmp: the command never sets a locale, so it compares ASCII */
#define _DEFAULT_SOURCE
#include "instances.h"

#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "report.h"

static const snova_instance *instance(int id) { return snova_instance_by_id((snova_id)id); }

/* each instance's NIST level and whether snova list recommends it, from generator/sets.yaml */
static const struct instance_row {
    const char *level;
    int recommended;
} rows[SNOVA_INSTANCE_COUNT] = {
#include "instance_table.h"
};

int find_instance(const char *name, const snova_instance **inst) {
    *inst = snova_instance_by_name(name);
    if (*inst != NULL)
        return EXIT_OK;
    /* the longest list: Round 1's esk and ssk forms and Round 2's set */
    char names[256] = "";
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++)
        if (strcasecmp(name, snova_instance_algname(instance(id))) == 0)
            snprintf(names + strlen(names), sizeof(names) - strlen(names), "%s%s", names[0] ? ", " : "",
                     snova_instance_name(instance(id)));
    if (names[0] == '\0')
        return report("unknown instance '%s' (snova list)", name);
    return report("'%s' names %s: give one of these (snova list)", name, names);
}

/* inst's row: inst is one of the library's instances */
static const struct instance_row *row_of(const snova_instance *inst) {
    for (int id = 0; id < SNOVA_INSTANCE_COUNT; id++)
        if (instance(id) == inst)
            return &rows[id];
    return NULL;
}

void instance_level(const snova_instance *inst, char level[8]) {
    const struct instance_row *row = row_of(inst);
    snprintf(level, 8, "%s", row != NULL ? row->level : "");
}

int instance_recommended(const snova_instance *inst) {
    const struct instance_row *row = row_of(inst);
    return row != NULL && row->recommended;
}
