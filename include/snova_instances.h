/* generated from generator/sets.yaml by gen.py --sets (make generate): edit that file, not this one.
 * Every instance of libsnova, in the library's order (snova_id): for include/snova.h. */
#ifndef SNOVA_INSTANCES_H
#define SNOVA_INSTANCES_H

#define SNOVA_INSTANCES(X) \
    /* Round 1 */ \
    X(snova_24_5_16_4_esk) \
    X(snova_24_5_16_4_ssk) \
    X(snova_25_8_16_3_esk) \
    X(snova_25_8_16_3_ssk) \
    X(snova_28_17_16_2_esk) \
    X(snova_28_17_16_2_ssk) \
    X(snova_37_8_16_4_esk) \
    X(snova_37_8_16_4_ssk) \
    X(snova_43_25_16_2_esk) \
    X(snova_43_25_16_2_ssk) \
    X(snova_49_11_16_3_esk) \
    X(snova_49_11_16_3_ssk) \
    X(snova_60_10_16_4_esk) \
    X(snova_60_10_16_4_ssk) \
    X(snova_61_33_16_2_esk) \
    X(snova_61_33_16_2_ssk) \
    X(snova_66_15_16_3_esk) \
    X(snova_66_15_16_3_ssk) \
    /* Round 2 (liboqs's instances) */ \
    X(snova_r2_24_5_4) \
    X(snova_r2_24_5_4_shake) \
    X(snova_r2_24_5_4_esk) \
    X(snova_r2_24_5_4_shake_esk) \
    X(snova_r2_24_5_5) \
    X(snova_r2_25_8_3) \
    X(snova_r2_29_6_5) \
    X(snova_r2_37_17_2) \
    X(snova_r2_37_8_4) \
    X(snova_r2_49_11_3) \
    X(snova_r2_56_25_2) \
    X(snova_r2_60_10_4) \
    /* Round 3 (NIST Round 3) */ \
    X(snova_r3_i_k) \
    X(snova_r3_i_k_aes) \
    X(snova_r3_i_b) \
    X(snova_r3_i_b_aes) \
    X(snova_r3_i_s) \
    X(snova_r3_i_s_aes) \
    X(snova_r3_i_x) \
    X(snova_r3_i_x_aes) \
    X(snova_r3_iii_k) \
    X(snova_r3_iii_k_aes) \
    X(snova_r3_iii_b) \
    X(snova_r3_iii_b_aes) \
    X(snova_r3_iii_s) \
    X(snova_r3_iii_s_aes) \
    X(snova_r3_iii_x) \
    X(snova_r3_iii_x_aes) \
    X(snova_r3_v_k) \
    X(snova_r3_v_k_aes) \
    X(snova_r3_v_b) \
    X(snova_r3_v_b_aes) \
    X(snova_r3_v_s) \
    X(snova_r3_v_s_aes) \
    X(snova_r3_v_x) \
    X(snova_r3_v_x_aes)

#endif
