# generated from generator/sets.yaml by gen.py --sets (make generate): edit that file, not this one.
# Every parameter set in the library's order (SNOVA_SETS), each with its compiler
# definitions (SNOVA_DEFS.<set>) and its round's core source (SNOVA_CORE.<set>).
SNOVA_SETS := \
    snova-24-5-16-4-esk \
    snova-24-5-16-4-ssk \
    snova-25-8-16-3-esk \
    snova-25-8-16-3-ssk \
    snova-28-17-16-2-esk \
    snova-28-17-16-2-ssk \
    snova-37-8-16-4-esk \
    snova-37-8-16-4-ssk \
    snova-43-25-16-2-esk \
    snova-43-25-16-2-ssk \
    snova-49-11-16-3-esk \
    snova-49-11-16-3-ssk \
    snova-60-10-16-4-esk \
    snova-60-10-16-4-ssk \
    snova-61-33-16-2-esk \
    snova-61-33-16-2-ssk \
    snova-66-15-16-3-esk \
    snova-66-15-16-3-ssk \
    snova-r2-24-5-4 \
    snova-r2-24-5-4-shake \
    snova-r2-24-5-4-esk \
    snova-r2-24-5-4-shake-esk \
    snova-r2-24-5-5 \
    snova-r2-25-8-3 \
    snova-r2-29-6-5 \
    snova-r2-37-17-2 \
    snova-r2-37-8-4 \
    snova-r2-49-11-3 \
    snova-r2-56-25-2 \
    snova-r2-60-10-4 \
    snova-r3-i-k \
    snova-r3-i-k-aes \
    snova-r3-i-b \
    snova-r3-i-b-aes \
    snova-r3-i-s \
    snova-r3-i-s-aes \
    snova-r3-i-x \
    snova-r3-i-x-aes \
    snova-r3-iii-k \
    snova-r3-iii-k-aes \
    snova-r3-iii-b \
    snova-r3-iii-b-aes \
    snova-r3-iii-s \
    snova-r3-iii-s-aes \
    snova-r3-iii-x \
    snova-r3-iii-x-aes \
    snova-r3-v-k \
    snova-r3-v-k-aes \
    snova-r3-v-b \
    snova-r3-v-b-aes \
    snova-r3-v-s \
    snova-r3-v-s-aes \
    snova-r3-v-x \
    snova-r3-v-x-aes
SNOVA_CORE.snova-24-5-16-4-esk := snova.c
SNOVA_DEFS.snova-24-5-16-4-esk := -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_SSK=0
SNOVA_CORE.snova-24-5-16-4-ssk := snova.c
SNOVA_DEFS.snova-24-5-16-4-ssk := -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_SSK=1
SNOVA_CORE.snova-25-8-16-3-esk := snova.c
SNOVA_DEFS.snova-25-8-16-3-esk := -DSNOVA_V=25 -DSNOVA_O=8 -DSNOVA_L=3 -DSNOVA_SSK=0
SNOVA_CORE.snova-25-8-16-3-ssk := snova.c
SNOVA_DEFS.snova-25-8-16-3-ssk := -DSNOVA_V=25 -DSNOVA_O=8 -DSNOVA_L=3 -DSNOVA_SSK=1
SNOVA_CORE.snova-28-17-16-2-esk := snova.c
SNOVA_DEFS.snova-28-17-16-2-esk := -DSNOVA_V=28 -DSNOVA_O=17 -DSNOVA_L=2 -DSNOVA_SSK=0
SNOVA_CORE.snova-28-17-16-2-ssk := snova.c
SNOVA_DEFS.snova-28-17-16-2-ssk := -DSNOVA_V=28 -DSNOVA_O=17 -DSNOVA_L=2 -DSNOVA_SSK=1
SNOVA_CORE.snova-37-8-16-4-esk := snova.c
SNOVA_DEFS.snova-37-8-16-4-esk := -DSNOVA_V=37 -DSNOVA_O=8 -DSNOVA_L=4 -DSNOVA_SSK=0
SNOVA_CORE.snova-37-8-16-4-ssk := snova.c
SNOVA_DEFS.snova-37-8-16-4-ssk := -DSNOVA_V=37 -DSNOVA_O=8 -DSNOVA_L=4 -DSNOVA_SSK=1
SNOVA_CORE.snova-43-25-16-2-esk := snova.c
SNOVA_DEFS.snova-43-25-16-2-esk := -DSNOVA_V=43 -DSNOVA_O=25 -DSNOVA_L=2 -DSNOVA_SSK=0
SNOVA_CORE.snova-43-25-16-2-ssk := snova.c
SNOVA_DEFS.snova-43-25-16-2-ssk := -DSNOVA_V=43 -DSNOVA_O=25 -DSNOVA_L=2 -DSNOVA_SSK=1
SNOVA_CORE.snova-49-11-16-3-esk := snova.c
SNOVA_DEFS.snova-49-11-16-3-esk := -DSNOVA_V=49 -DSNOVA_O=11 -DSNOVA_L=3 -DSNOVA_SSK=0
SNOVA_CORE.snova-49-11-16-3-ssk := snova.c
SNOVA_DEFS.snova-49-11-16-3-ssk := -DSNOVA_V=49 -DSNOVA_O=11 -DSNOVA_L=3 -DSNOVA_SSK=1
SNOVA_CORE.snova-60-10-16-4-esk := snova.c
SNOVA_DEFS.snova-60-10-16-4-esk := -DSNOVA_V=60 -DSNOVA_O=10 -DSNOVA_L=4 -DSNOVA_SSK=0
SNOVA_CORE.snova-60-10-16-4-ssk := snova.c
SNOVA_DEFS.snova-60-10-16-4-ssk := -DSNOVA_V=60 -DSNOVA_O=10 -DSNOVA_L=4 -DSNOVA_SSK=1
SNOVA_CORE.snova-61-33-16-2-esk := snova.c
SNOVA_DEFS.snova-61-33-16-2-esk := -DSNOVA_V=61 -DSNOVA_O=33 -DSNOVA_L=2 -DSNOVA_SSK=0
SNOVA_CORE.snova-61-33-16-2-ssk := snova.c
SNOVA_DEFS.snova-61-33-16-2-ssk := -DSNOVA_V=61 -DSNOVA_O=33 -DSNOVA_L=2 -DSNOVA_SSK=1
SNOVA_CORE.snova-66-15-16-3-esk := snova.c
SNOVA_DEFS.snova-66-15-16-3-esk := -DSNOVA_V=66 -DSNOVA_O=15 -DSNOVA_L=3 -DSNOVA_SSK=0
SNOVA_CORE.snova-66-15-16-3-ssk := snova.c
SNOVA_DEFS.snova-66-15-16-3-ssk := -DSNOVA_V=66 -DSNOVA_O=15 -DSNOVA_L=3 -DSNOVA_SSK=1
SNOVA_CORE.snova-r2-24-5-4 := snova_r2.c
SNOVA_DEFS.snova-r2-24-5-4 := -DSNOVA_ROUND=2 -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-24-5-4-shake := snova_r2.c
SNOVA_DEFS.snova-r2-24-5-4-shake := -DSNOVA_ROUND=2 -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_AES=0 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-24-5-4-esk := snova_r2.c
SNOVA_DEFS.snova-r2-24-5-4-esk := -DSNOVA_ROUND=2 -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_AES=1 -DSNOVA_ESK=1
SNOVA_CORE.snova-r2-24-5-4-shake-esk := snova_r2.c
SNOVA_DEFS.snova-r2-24-5-4-shake-esk := -DSNOVA_ROUND=2 -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_AES=0 -DSNOVA_ESK=1
SNOVA_CORE.snova-r2-24-5-5 := snova_r2.c
SNOVA_DEFS.snova-r2-24-5-5 := -DSNOVA_ROUND=2 -DSNOVA_V=24 -DSNOVA_O=5 -DSNOVA_L=5 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-25-8-3 := snova_r2.c
SNOVA_DEFS.snova-r2-25-8-3 := -DSNOVA_ROUND=2 -DSNOVA_V=25 -DSNOVA_O=8 -DSNOVA_L=3 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-29-6-5 := snova_r2.c
SNOVA_DEFS.snova-r2-29-6-5 := -DSNOVA_ROUND=2 -DSNOVA_V=29 -DSNOVA_O=6 -DSNOVA_L=5 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-37-17-2 := snova_r2.c
SNOVA_DEFS.snova-r2-37-17-2 := -DSNOVA_ROUND=2 -DSNOVA_V=37 -DSNOVA_O=17 -DSNOVA_L=2 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-37-8-4 := snova_r2.c
SNOVA_DEFS.snova-r2-37-8-4 := -DSNOVA_ROUND=2 -DSNOVA_V=37 -DSNOVA_O=8 -DSNOVA_L=4 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-49-11-3 := snova_r2.c
SNOVA_DEFS.snova-r2-49-11-3 := -DSNOVA_ROUND=2 -DSNOVA_V=49 -DSNOVA_O=11 -DSNOVA_L=3 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-56-25-2 := snova_r2.c
SNOVA_DEFS.snova-r2-56-25-2 := -DSNOVA_ROUND=2 -DSNOVA_V=56 -DSNOVA_O=25 -DSNOVA_L=2 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r2-60-10-4 := snova_r2.c
SNOVA_DEFS.snova-r2-60-10-4 := -DSNOVA_ROUND=2 -DSNOVA_V=60 -DSNOVA_O=10 -DSNOVA_L=4 -DSNOVA_AES=1 -DSNOVA_ESK=0
SNOVA_CORE.snova-r3-i-k := snova_r3.c
SNOVA_DEFS.snova-r3-i-k := -DSNOVA_ROUND=3 -DSNOVA_SET=I_K -DSNOVA_V=29 -DSNOVA_O=3 -DSNOVA_L=4 -DSNOVA_R=8 -DSNOVA_M1=5 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-i-k-aes := snova_r3.c
SNOVA_DEFS.snova-r3-i-k-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=I_K -DSNOVA_V=29 -DSNOVA_O=3 -DSNOVA_L=4 -DSNOVA_R=8 -DSNOVA_M1=5 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-i-b := snova_r3.c
SNOVA_DEFS.snova-r3-i-b := -DSNOVA_ROUND=3 -DSNOVA_SET=I_B -DSNOVA_V=27 -DSNOVA_O=4 -DSNOVA_L=4 -DSNOVA_R=6 -DSNOVA_M1=5 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-i-b-aes := snova_r3.c
SNOVA_DEFS.snova-r3-i-b-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=I_B -DSNOVA_V=27 -DSNOVA_O=4 -DSNOVA_L=4 -DSNOVA_R=6 -DSNOVA_M1=5 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-i-s := snova_r3.c
SNOVA_DEFS.snova-r3-i-s := -DSNOVA_ROUND=3 -DSNOVA_SET=I_S -DSNOVA_V=27 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_R=4 -DSNOVA_M1=5 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-i-s-aes := snova_r3.c
SNOVA_DEFS.snova-r3-i-s-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=I_S -DSNOVA_V=27 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_R=4 -DSNOVA_M1=5 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-i-x := snova_r3.c
SNOVA_DEFS.snova-r3-i-x := -DSNOVA_ROUND=3 -DSNOVA_SET=I_X -DSNOVA_V=50 -DSNOVA_O=17 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=17 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-i-x-aes := snova_r3.c
SNOVA_DEFS.snova-r3-i-x-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=I_X -DSNOVA_V=50 -DSNOVA_O=17 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=17 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-iii-k := snova_r3.c
SNOVA_DEFS.snova-r3-iii-k := -DSNOVA_ROUND=3 -DSNOVA_SET=III_K -DSNOVA_V=38 -DSNOVA_O=4 -DSNOVA_L=4 -DSNOVA_R=8 -DSNOVA_M1=7 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-iii-k-aes := snova_r3.c
SNOVA_DEFS.snova-r3-iii-k-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=III_K -DSNOVA_V=38 -DSNOVA_O=4 -DSNOVA_L=4 -DSNOVA_R=8 -DSNOVA_M1=7 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-iii-b := snova_r3.c
SNOVA_DEFS.snova-r3-iii-b := -DSNOVA_ROUND=3 -DSNOVA_SET=III_B -DSNOVA_V=38 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_R=6 -DSNOVA_M1=7 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-iii-b-aes := snova_r3.c
SNOVA_DEFS.snova-r3-iii-b-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=III_B -DSNOVA_V=38 -DSNOVA_O=5 -DSNOVA_L=4 -DSNOVA_R=6 -DSNOVA_M1=7 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-iii-s := snova_r3.c
SNOVA_DEFS.snova-r3-iii-s := -DSNOVA_ROUND=3 -DSNOVA_SET=III_S -DSNOVA_V=38 -DSNOVA_O=6 -DSNOVA_L=4 -DSNOVA_R=5 -DSNOVA_M1=7 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-iii-s-aes := snova_r3.c
SNOVA_DEFS.snova-r3-iii-s-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=III_S -DSNOVA_V=38 -DSNOVA_O=6 -DSNOVA_L=4 -DSNOVA_R=5 -DSNOVA_M1=7 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-iii-x := snova_r3.c
SNOVA_DEFS.snova-r3-iii-x := -DSNOVA_ROUND=3 -DSNOVA_SET=III_X -DSNOVA_V=76 -DSNOVA_O=25 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=25 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-iii-x-aes := snova_r3.c
SNOVA_DEFS.snova-r3-iii-x-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=III_X -DSNOVA_V=76 -DSNOVA_O=25 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=25 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-v-k := snova_r3.c
SNOVA_DEFS.snova-r3-v-k := -DSNOVA_ROUND=3 -DSNOVA_SET=V_K -DSNOVA_V=40 -DSNOVA_O=4 -DSNOVA_L=5 -DSNOVA_R=8 -DSNOVA_M1=6 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-v-k-aes := snova_r3.c
SNOVA_DEFS.snova-r3-v-k-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=V_K -DSNOVA_V=40 -DSNOVA_O=4 -DSNOVA_L=5 -DSNOVA_R=8 -DSNOVA_M1=6 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-v-b := snova_r3.c
SNOVA_DEFS.snova-r3-v-b := -DSNOVA_ROUND=3 -DSNOVA_SET=V_B -DSNOVA_V=40 -DSNOVA_O=5 -DSNOVA_L=5 -DSNOVA_R=6 -DSNOVA_M1=6 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-v-b-aes := snova_r3.c
SNOVA_DEFS.snova-r3-v-b-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=V_B -DSNOVA_V=40 -DSNOVA_O=5 -DSNOVA_L=5 -DSNOVA_R=6 -DSNOVA_M1=6 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-v-s := snova_r3.c
SNOVA_DEFS.snova-r3-v-s := -DSNOVA_ROUND=3 -DSNOVA_SET=V_S -DSNOVA_V=40 -DSNOVA_O=6 -DSNOVA_L=5 -DSNOVA_R=5 -DSNOVA_M1=6 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-v-s-aes := snova_r3.c
SNOVA_DEFS.snova-r3-v-s-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=V_S -DSNOVA_V=40 -DSNOVA_O=6 -DSNOVA_L=5 -DSNOVA_R=5 -DSNOVA_M1=6 -DSNOVA_AES=1
SNOVA_CORE.snova-r3-v-x := snova_r3.c
SNOVA_DEFS.snova-r3-v-x := -DSNOVA_ROUND=3 -DSNOVA_SET=V_X -DSNOVA_V=104 -DSNOVA_O=33 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=33 -DSNOVA_AES=0
SNOVA_CORE.snova-r3-v-x-aes := snova_r3.c
SNOVA_DEFS.snova-r3-v-x-aes := -DSNOVA_ROUND=3 -DSNOVA_SET=V_X -DSNOVA_V=104 -DSNOVA_O=33 -DSNOVA_L=2 -DSNOVA_R=2 -DSNOVA_M1=33 -DSNOVA_AES=1
