/* Instances as the snova command names and recommends them. */
#ifndef SNOVA_CLI_INSTANCES_H
#define SNOVA_CLI_INSTANCES_H

#include "snova.h"

/* The instance a user's name means, as snova_instance_by_name finds it: in any
 * case, a build name (snova-r3-i-s) or an official name as `snova list` shows it
 * (SNOVA_I_S, SNOVA_24_5_4_SHAKE_esk) if exactly one instance has it. EXIT_OK, or EXIT_FAIL
 * (reported: unknown, or the instances an official name of several means). */
int find_instance(const char *name, const snova_instance **inst);

/* The NIST security level of an instance ("I", "III", "V"); level holds 8 bytes. */
void instance_level(const snova_instance *inst, char level[8]);

/* 1 if inst is the recommended instance of its level (generator/sets.yaml: of its
 * level's Round 3 instances that stand, the smallest public key plus signature,
 * what a verifier receives; a set before its -aes twin on a tie: SHAKE needs no
 * AES instructions to be fast). */
int instance_recommended(const snova_instance *inst);

#endif
