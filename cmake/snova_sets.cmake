# generated from generator/sets.yaml by gen.py --sets (make generate): edit that file, not this one.
# Every parameter set in the library's order (SNOVA_SETS), each with its compiler
# definitions (SNOVA_DEFS.<set>, without -D), its round's core source (SNOVA_CORE.<set>),
# its block shape (SNOVA_SHAPE.<set>) and its known answers below ../shared (SNOVA_KAT.<set>);
# the shapes (SNOVA_SHAPES), each with the set
# whose definitions compile its kernel table (SNOVA_SHAPE_SET.<shape>).
set(SNOVA_SETS
  snova-24-5-16-4-esk
  snova-24-5-16-4-ssk
  snova-25-8-16-3-esk
  snova-25-8-16-3-ssk
  snova-28-17-16-2-esk
  snova-28-17-16-2-ssk
  snova-37-8-16-4-esk
  snova-37-8-16-4-ssk
  snova-43-25-16-2-esk
  snova-43-25-16-2-ssk
  snova-49-11-16-3-esk
  snova-49-11-16-3-ssk
  snova-60-10-16-4-esk
  snova-60-10-16-4-ssk
  snova-61-33-16-2-esk
  snova-61-33-16-2-ssk
  snova-66-15-16-3-esk
  snova-66-15-16-3-ssk
  snova-r2-24-5-4
  snova-r2-24-5-4-shake
  snova-r2-24-5-4-esk
  snova-r2-24-5-4-shake-esk
  snova-r2-24-5-5
  snova-r2-25-8-3
  snova-r2-29-6-5
  snova-r2-37-17-2
  snova-r2-37-8-4
  snova-r2-49-11-3
  snova-r2-56-25-2
  snova-r2-60-10-4
  snova-r3-i-k
  snova-r3-i-k-aes
  snova-r3-i-b
  snova-r3-i-b-aes
  snova-r3-i-s
  snova-r3-i-s-aes
  snova-r3-i-x
  snova-r3-i-x-aes
  snova-r3-iii-k
  snova-r3-iii-k-aes
  snova-r3-iii-b
  snova-r3-iii-b-aes
  snova-r3-iii-s
  snova-r3-iii-s-aes
  snova-r3-iii-x
  snova-r3-iii-x-aes
  snova-r3-v-k
  snova-r3-v-k-aes
  snova-r3-v-b
  snova-r3-v-b-aes
  snova-r3-v-s
  snova-r3-v-s-aes
  snova-r3-v-x
  snova-r3-v-x-aes
)
set(SNOVA_CORE.snova-24-5-16-4-esk snova.c)
set(SNOVA_DEFS.snova-24-5-16-4-esk SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-24-5-16-4-esk r1-l4-r4)
set(SNOVA_KAT.snova-24-5-16-4-esk kat/snova-24-5-16-4-esk.jsonl)
set(SNOVA_CORE.snova-24-5-16-4-ssk snova.c)
set(SNOVA_DEFS.snova-24-5-16-4-ssk SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-24-5-16-4-ssk r1-l4-r4)
set(SNOVA_KAT.snova-24-5-16-4-ssk kat/snova-24-5-16-4-ssk.jsonl)
set(SNOVA_CORE.snova-25-8-16-3-esk snova.c)
set(SNOVA_DEFS.snova-25-8-16-3-esk SNOVA_V=25 SNOVA_O=8 SNOVA_L=3 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-25-8-16-3-esk r1-l3-r3)
set(SNOVA_KAT.snova-25-8-16-3-esk kat/snova-25-8-16-3-esk.jsonl)
set(SNOVA_CORE.snova-25-8-16-3-ssk snova.c)
set(SNOVA_DEFS.snova-25-8-16-3-ssk SNOVA_V=25 SNOVA_O=8 SNOVA_L=3 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-25-8-16-3-ssk r1-l3-r3)
set(SNOVA_KAT.snova-25-8-16-3-ssk kat/snova-25-8-16-3-ssk.jsonl)
set(SNOVA_CORE.snova-28-17-16-2-esk snova.c)
set(SNOVA_DEFS.snova-28-17-16-2-esk SNOVA_V=28 SNOVA_O=17 SNOVA_L=2 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-28-17-16-2-esk r1-l2-r2)
set(SNOVA_KAT.snova-28-17-16-2-esk kat/snova-28-17-16-2-esk.jsonl)
set(SNOVA_CORE.snova-28-17-16-2-ssk snova.c)
set(SNOVA_DEFS.snova-28-17-16-2-ssk SNOVA_V=28 SNOVA_O=17 SNOVA_L=2 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-28-17-16-2-ssk r1-l2-r2)
set(SNOVA_KAT.snova-28-17-16-2-ssk kat/snova-28-17-16-2-ssk.jsonl)
set(SNOVA_CORE.snova-37-8-16-4-esk snova.c)
set(SNOVA_DEFS.snova-37-8-16-4-esk SNOVA_V=37 SNOVA_O=8 SNOVA_L=4 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-37-8-16-4-esk r1-l4-r4)
set(SNOVA_KAT.snova-37-8-16-4-esk kat/snova-37-8-16-4-esk.jsonl)
set(SNOVA_CORE.snova-37-8-16-4-ssk snova.c)
set(SNOVA_DEFS.snova-37-8-16-4-ssk SNOVA_V=37 SNOVA_O=8 SNOVA_L=4 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-37-8-16-4-ssk r1-l4-r4)
set(SNOVA_KAT.snova-37-8-16-4-ssk kat/snova-37-8-16-4-ssk.jsonl)
set(SNOVA_CORE.snova-43-25-16-2-esk snova.c)
set(SNOVA_DEFS.snova-43-25-16-2-esk SNOVA_V=43 SNOVA_O=25 SNOVA_L=2 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-43-25-16-2-esk r1-l2-r2)
set(SNOVA_KAT.snova-43-25-16-2-esk kat/snova-43-25-16-2-esk.jsonl)
set(SNOVA_CORE.snova-43-25-16-2-ssk snova.c)
set(SNOVA_DEFS.snova-43-25-16-2-ssk SNOVA_V=43 SNOVA_O=25 SNOVA_L=2 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-43-25-16-2-ssk r1-l2-r2)
set(SNOVA_KAT.snova-43-25-16-2-ssk kat/snova-43-25-16-2-ssk.jsonl)
set(SNOVA_CORE.snova-49-11-16-3-esk snova.c)
set(SNOVA_DEFS.snova-49-11-16-3-esk SNOVA_V=49 SNOVA_O=11 SNOVA_L=3 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-49-11-16-3-esk r1-l3-r3)
set(SNOVA_KAT.snova-49-11-16-3-esk kat/snova-49-11-16-3-esk.jsonl)
set(SNOVA_CORE.snova-49-11-16-3-ssk snova.c)
set(SNOVA_DEFS.snova-49-11-16-3-ssk SNOVA_V=49 SNOVA_O=11 SNOVA_L=3 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-49-11-16-3-ssk r1-l3-r3)
set(SNOVA_KAT.snova-49-11-16-3-ssk kat/snova-49-11-16-3-ssk.jsonl)
set(SNOVA_CORE.snova-60-10-16-4-esk snova.c)
set(SNOVA_DEFS.snova-60-10-16-4-esk SNOVA_V=60 SNOVA_O=10 SNOVA_L=4 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-60-10-16-4-esk r1-l4-r4)
set(SNOVA_KAT.snova-60-10-16-4-esk kat/snova-60-10-16-4-esk.jsonl)
set(SNOVA_CORE.snova-60-10-16-4-ssk snova.c)
set(SNOVA_DEFS.snova-60-10-16-4-ssk SNOVA_V=60 SNOVA_O=10 SNOVA_L=4 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-60-10-16-4-ssk r1-l4-r4)
set(SNOVA_KAT.snova-60-10-16-4-ssk kat/snova-60-10-16-4-ssk.jsonl)
set(SNOVA_CORE.snova-61-33-16-2-esk snova.c)
set(SNOVA_DEFS.snova-61-33-16-2-esk SNOVA_V=61 SNOVA_O=33 SNOVA_L=2 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-61-33-16-2-esk r1-l2-r2)
set(SNOVA_KAT.snova-61-33-16-2-esk kat/snova-61-33-16-2-esk.jsonl)
set(SNOVA_CORE.snova-61-33-16-2-ssk snova.c)
set(SNOVA_DEFS.snova-61-33-16-2-ssk SNOVA_V=61 SNOVA_O=33 SNOVA_L=2 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-61-33-16-2-ssk r1-l2-r2)
set(SNOVA_KAT.snova-61-33-16-2-ssk kat/snova-61-33-16-2-ssk.jsonl)
set(SNOVA_CORE.snova-66-15-16-3-esk snova.c)
set(SNOVA_DEFS.snova-66-15-16-3-esk SNOVA_V=66 SNOVA_O=15 SNOVA_L=3 SNOVA_SSK=0)
set(SNOVA_SHAPE.snova-66-15-16-3-esk r1-l3-r3)
set(SNOVA_KAT.snova-66-15-16-3-esk kat/snova-66-15-16-3-esk.jsonl)
set(SNOVA_CORE.snova-66-15-16-3-ssk snova.c)
set(SNOVA_DEFS.snova-66-15-16-3-ssk SNOVA_V=66 SNOVA_O=15 SNOVA_L=3 SNOVA_SSK=1)
set(SNOVA_SHAPE.snova-66-15-16-3-ssk r1-l3-r3)
set(SNOVA_KAT.snova-66-15-16-3-ssk kat/snova-66-15-16-3-ssk.jsonl)
set(SNOVA_CORE.snova-r2-24-5-4 snova_r2.c)
set(SNOVA_DEFS.snova-r2-24-5-4 SNOVA_ROUND=2 SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-24-5-4 r2-l4-r4)
set(SNOVA_KAT.snova-r2-24-5-4 kat-r2/SNOVA_24_5_4.jsonl)
set(SNOVA_CORE.snova-r2-24-5-4-shake snova_r2.c)
set(SNOVA_DEFS.snova-r2-24-5-4-shake SNOVA_ROUND=2 SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_AES=0 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-24-5-4-shake r2-l4-r4)
set(SNOVA_KAT.snova-r2-24-5-4-shake kat-r2/SNOVA_24_5_4_SHAKE.jsonl)
set(SNOVA_CORE.snova-r2-24-5-4-esk snova_r2.c)
set(SNOVA_DEFS.snova-r2-24-5-4-esk SNOVA_ROUND=2 SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_AES=1 SNOVA_ESK=1)
set(SNOVA_SHAPE.snova-r2-24-5-4-esk r2-l4-r4)
set(SNOVA_KAT.snova-r2-24-5-4-esk kat-r2/SNOVA_24_5_4_esk.jsonl)
set(SNOVA_CORE.snova-r2-24-5-4-shake-esk snova_r2.c)
set(SNOVA_DEFS.snova-r2-24-5-4-shake-esk SNOVA_ROUND=2 SNOVA_V=24 SNOVA_O=5 SNOVA_L=4 SNOVA_AES=0 SNOVA_ESK=1)
set(SNOVA_SHAPE.snova-r2-24-5-4-shake-esk r2-l4-r4)
set(SNOVA_KAT.snova-r2-24-5-4-shake-esk kat-r2/SNOVA_24_5_4_SHAKE_esk.jsonl)
set(SNOVA_CORE.snova-r2-24-5-5 snova_r2.c)
set(SNOVA_DEFS.snova-r2-24-5-5 SNOVA_ROUND=2 SNOVA_V=24 SNOVA_O=5 SNOVA_L=5 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-24-5-5 r2-l5-r5)
set(SNOVA_KAT.snova-r2-24-5-5 kat-r2/SNOVA_24_5_5.jsonl)
set(SNOVA_CORE.snova-r2-25-8-3 snova_r2.c)
set(SNOVA_DEFS.snova-r2-25-8-3 SNOVA_ROUND=2 SNOVA_V=25 SNOVA_O=8 SNOVA_L=3 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-25-8-3 r2-l3-r3)
set(SNOVA_KAT.snova-r2-25-8-3 kat-r2/SNOVA_25_8_3.jsonl)
set(SNOVA_CORE.snova-r2-29-6-5 snova_r2.c)
set(SNOVA_DEFS.snova-r2-29-6-5 SNOVA_ROUND=2 SNOVA_V=29 SNOVA_O=6 SNOVA_L=5 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-29-6-5 r2-l5-r5)
set(SNOVA_KAT.snova-r2-29-6-5 kat-r2/SNOVA_29_6_5.jsonl)
set(SNOVA_CORE.snova-r2-37-17-2 snova_r2.c)
set(SNOVA_DEFS.snova-r2-37-17-2 SNOVA_ROUND=2 SNOVA_V=37 SNOVA_O=17 SNOVA_L=2 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-37-17-2 r2-l2-r2)
set(SNOVA_KAT.snova-r2-37-17-2 kat-r2/SNOVA_37_17_2.jsonl)
set(SNOVA_CORE.snova-r2-37-8-4 snova_r2.c)
set(SNOVA_DEFS.snova-r2-37-8-4 SNOVA_ROUND=2 SNOVA_V=37 SNOVA_O=8 SNOVA_L=4 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-37-8-4 r2-l4-r4)
set(SNOVA_KAT.snova-r2-37-8-4 kat-r2/SNOVA_37_8_4.jsonl)
set(SNOVA_CORE.snova-r2-49-11-3 snova_r2.c)
set(SNOVA_DEFS.snova-r2-49-11-3 SNOVA_ROUND=2 SNOVA_V=49 SNOVA_O=11 SNOVA_L=3 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-49-11-3 r2-l3-r3)
set(SNOVA_KAT.snova-r2-49-11-3 kat-r2/SNOVA_49_11_3.jsonl)
set(SNOVA_CORE.snova-r2-56-25-2 snova_r2.c)
set(SNOVA_DEFS.snova-r2-56-25-2 SNOVA_ROUND=2 SNOVA_V=56 SNOVA_O=25 SNOVA_L=2 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-56-25-2 r2-l2-r2)
set(SNOVA_KAT.snova-r2-56-25-2 kat-r2/SNOVA_56_25_2.jsonl)
set(SNOVA_CORE.snova-r2-60-10-4 snova_r2.c)
set(SNOVA_DEFS.snova-r2-60-10-4 SNOVA_ROUND=2 SNOVA_V=60 SNOVA_O=10 SNOVA_L=4 SNOVA_AES=1 SNOVA_ESK=0)
set(SNOVA_SHAPE.snova-r2-60-10-4 r2-l4-r4)
set(SNOVA_KAT.snova-r2-60-10-4 kat-r2/SNOVA_60_10_4.jsonl)
set(SNOVA_CORE.snova-r3-i-k snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-k SNOVA_ROUND=3 SNOVA_SET=I_K SNOVA_V=29 SNOVA_O=3 SNOVA_L=4 SNOVA_R=8 SNOVA_M1=5 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-i-k r3-l4-r8)
set(SNOVA_KAT.snova-r3-i-k kat-r3/SNOVA_I_K.jsonl)
set(SNOVA_CORE.snova-r3-i-k-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-k-aes SNOVA_ROUND=3 SNOVA_SET=I_K SNOVA_V=29 SNOVA_O=3 SNOVA_L=4 SNOVA_R=8 SNOVA_M1=5 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-i-k-aes r3-l4-r8)
set(SNOVA_KAT.snova-r3-i-k-aes kat-r3/SNOVA_I_K_AES.jsonl)
set(SNOVA_CORE.snova-r3-i-b snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-b SNOVA_ROUND=3 SNOVA_SET=I_B SNOVA_V=27 SNOVA_O=4 SNOVA_L=4 SNOVA_R=6 SNOVA_M1=5 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-i-b r3-l4-r6)
set(SNOVA_KAT.snova-r3-i-b kat-r3/SNOVA_I_B.jsonl)
set(SNOVA_CORE.snova-r3-i-b-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-b-aes SNOVA_ROUND=3 SNOVA_SET=I_B SNOVA_V=27 SNOVA_O=4 SNOVA_L=4 SNOVA_R=6 SNOVA_M1=5 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-i-b-aes r3-l4-r6)
set(SNOVA_KAT.snova-r3-i-b-aes kat-r3/SNOVA_I_B_AES.jsonl)
set(SNOVA_CORE.snova-r3-i-s snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-s SNOVA_ROUND=3 SNOVA_SET=I_S SNOVA_V=27 SNOVA_O=5 SNOVA_L=4 SNOVA_R=4 SNOVA_M1=5 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-i-s r3-l4-r4)
set(SNOVA_KAT.snova-r3-i-s kat-r3/SNOVA_I_S.jsonl)
set(SNOVA_CORE.snova-r3-i-s-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-s-aes SNOVA_ROUND=3 SNOVA_SET=I_S SNOVA_V=27 SNOVA_O=5 SNOVA_L=4 SNOVA_R=4 SNOVA_M1=5 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-i-s-aes r3-l4-r4)
set(SNOVA_KAT.snova-r3-i-s-aes kat-r3/SNOVA_I_S_AES.jsonl)
set(SNOVA_CORE.snova-r3-i-x snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-x SNOVA_ROUND=3 SNOVA_SET=I_X SNOVA_V=50 SNOVA_O=17 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=17 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-i-x r3-l2-r2)
set(SNOVA_KAT.snova-r3-i-x kat-r3/SNOVA_I_X.jsonl)
set(SNOVA_CORE.snova-r3-i-x-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-i-x-aes SNOVA_ROUND=3 SNOVA_SET=I_X SNOVA_V=50 SNOVA_O=17 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=17 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-i-x-aes r3-l2-r2)
set(SNOVA_KAT.snova-r3-i-x-aes kat-r3/SNOVA_I_X_AES.jsonl)
set(SNOVA_CORE.snova-r3-iii-k snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-k SNOVA_ROUND=3 SNOVA_SET=III_K SNOVA_V=38 SNOVA_O=4 SNOVA_L=4 SNOVA_R=8 SNOVA_M1=7 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-iii-k r3-l4-r8)
set(SNOVA_KAT.snova-r3-iii-k kat-r3/SNOVA_III_K.jsonl)
set(SNOVA_CORE.snova-r3-iii-k-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-k-aes SNOVA_ROUND=3 SNOVA_SET=III_K SNOVA_V=38 SNOVA_O=4 SNOVA_L=4 SNOVA_R=8 SNOVA_M1=7 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-iii-k-aes r3-l4-r8)
set(SNOVA_KAT.snova-r3-iii-k-aes kat-r3/SNOVA_III_K_AES.jsonl)
set(SNOVA_CORE.snova-r3-iii-b snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-b SNOVA_ROUND=3 SNOVA_SET=III_B SNOVA_V=38 SNOVA_O=5 SNOVA_L=4 SNOVA_R=6 SNOVA_M1=7 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-iii-b r3-l4-r6)
set(SNOVA_KAT.snova-r3-iii-b kat-r3/SNOVA_III_B.jsonl)
set(SNOVA_CORE.snova-r3-iii-b-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-b-aes SNOVA_ROUND=3 SNOVA_SET=III_B SNOVA_V=38 SNOVA_O=5 SNOVA_L=4 SNOVA_R=6 SNOVA_M1=7 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-iii-b-aes r3-l4-r6)
set(SNOVA_KAT.snova-r3-iii-b-aes kat-r3/SNOVA_III_B_AES.jsonl)
set(SNOVA_CORE.snova-r3-iii-s snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-s SNOVA_ROUND=3 SNOVA_SET=III_S SNOVA_V=38 SNOVA_O=6 SNOVA_L=4 SNOVA_R=5 SNOVA_M1=7 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-iii-s r3-l4-r5)
set(SNOVA_KAT.snova-r3-iii-s kat-r3/SNOVA_III_S.jsonl)
set(SNOVA_CORE.snova-r3-iii-s-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-s-aes SNOVA_ROUND=3 SNOVA_SET=III_S SNOVA_V=38 SNOVA_O=6 SNOVA_L=4 SNOVA_R=5 SNOVA_M1=7 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-iii-s-aes r3-l4-r5)
set(SNOVA_KAT.snova-r3-iii-s-aes kat-r3/SNOVA_III_S_AES.jsonl)
set(SNOVA_CORE.snova-r3-iii-x snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-x SNOVA_ROUND=3 SNOVA_SET=III_X SNOVA_V=76 SNOVA_O=25 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=25 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-iii-x r3-l2-r2)
set(SNOVA_KAT.snova-r3-iii-x kat-r3/SNOVA_III_X.jsonl)
set(SNOVA_CORE.snova-r3-iii-x-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-iii-x-aes SNOVA_ROUND=3 SNOVA_SET=III_X SNOVA_V=76 SNOVA_O=25 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=25 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-iii-x-aes r3-l2-r2)
set(SNOVA_KAT.snova-r3-iii-x-aes kat-r3/SNOVA_III_X_AES.jsonl)
set(SNOVA_CORE.snova-r3-v-k snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-k SNOVA_ROUND=3 SNOVA_SET=V_K SNOVA_V=40 SNOVA_O=4 SNOVA_L=5 SNOVA_R=8 SNOVA_M1=6 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-v-k r3-l5-r8)
set(SNOVA_KAT.snova-r3-v-k kat-r3/SNOVA_V_K.jsonl)
set(SNOVA_CORE.snova-r3-v-k-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-k-aes SNOVA_ROUND=3 SNOVA_SET=V_K SNOVA_V=40 SNOVA_O=4 SNOVA_L=5 SNOVA_R=8 SNOVA_M1=6 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-v-k-aes r3-l5-r8)
set(SNOVA_KAT.snova-r3-v-k-aes kat-r3/SNOVA_V_K_AES.jsonl)
set(SNOVA_CORE.snova-r3-v-b snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-b SNOVA_ROUND=3 SNOVA_SET=V_B SNOVA_V=40 SNOVA_O=5 SNOVA_L=5 SNOVA_R=6 SNOVA_M1=6 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-v-b r3-l5-r6)
set(SNOVA_KAT.snova-r3-v-b kat-r3/SNOVA_V_B.jsonl)
set(SNOVA_CORE.snova-r3-v-b-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-b-aes SNOVA_ROUND=3 SNOVA_SET=V_B SNOVA_V=40 SNOVA_O=5 SNOVA_L=5 SNOVA_R=6 SNOVA_M1=6 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-v-b-aes r3-l5-r6)
set(SNOVA_KAT.snova-r3-v-b-aes kat-r3/SNOVA_V_B_AES.jsonl)
set(SNOVA_CORE.snova-r3-v-s snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-s SNOVA_ROUND=3 SNOVA_SET=V_S SNOVA_V=40 SNOVA_O=6 SNOVA_L=5 SNOVA_R=5 SNOVA_M1=6 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-v-s r3-l5-r5)
set(SNOVA_KAT.snova-r3-v-s kat-r3/SNOVA_V_S.jsonl)
set(SNOVA_CORE.snova-r3-v-s-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-s-aes SNOVA_ROUND=3 SNOVA_SET=V_S SNOVA_V=40 SNOVA_O=6 SNOVA_L=5 SNOVA_R=5 SNOVA_M1=6 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-v-s-aes r3-l5-r5)
set(SNOVA_KAT.snova-r3-v-s-aes kat-r3/SNOVA_V_S_AES.jsonl)
set(SNOVA_CORE.snova-r3-v-x snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-x SNOVA_ROUND=3 SNOVA_SET=V_X SNOVA_V=104 SNOVA_O=33 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=33 SNOVA_AES=0)
set(SNOVA_SHAPE.snova-r3-v-x r3-l2-r2)
set(SNOVA_KAT.snova-r3-v-x kat-r3/SNOVA_V_X.jsonl)
set(SNOVA_CORE.snova-r3-v-x-aes snova_r3.c)
set(SNOVA_DEFS.snova-r3-v-x-aes SNOVA_ROUND=3 SNOVA_SET=V_X SNOVA_V=104 SNOVA_O=33 SNOVA_L=2 SNOVA_R=2 SNOVA_M1=33 SNOVA_AES=1)
set(SNOVA_SHAPE.snova-r3-v-x-aes r3-l2-r2)
set(SNOVA_KAT.snova-r3-v-x-aes kat-r3/SNOVA_V_X_AES.jsonl)
set(SNOVA_SHAPES
  r1-l2-r2
  r1-l3-r3
  r1-l4-r4
  r2-l2-r2
  r2-l3-r3
  r2-l4-r4
  r2-l5-r5
  r3-l2-r2
  r3-l4-r4
  r3-l4-r5
  r3-l4-r6
  r3-l4-r8
  r3-l5-r5
  r3-l5-r6
  r3-l5-r8
)
set(SNOVA_SHAPE_SET.r1-l2-r2 snova-28-17-16-2-esk)
set(SNOVA_SHAPE_SET.r1-l3-r3 snova-25-8-16-3-esk)
set(SNOVA_SHAPE_SET.r1-l4-r4 snova-24-5-16-4-esk)
set(SNOVA_SHAPE_SET.r2-l2-r2 snova-r2-37-17-2)
set(SNOVA_SHAPE_SET.r2-l3-r3 snova-r2-25-8-3)
set(SNOVA_SHAPE_SET.r2-l4-r4 snova-r2-24-5-4)
set(SNOVA_SHAPE_SET.r2-l5-r5 snova-r2-24-5-5)
set(SNOVA_SHAPE_SET.r3-l2-r2 snova-r3-i-x)
set(SNOVA_SHAPE_SET.r3-l4-r4 snova-r3-i-s)
set(SNOVA_SHAPE_SET.r3-l4-r5 snova-r3-iii-s)
set(SNOVA_SHAPE_SET.r3-l4-r6 snova-r3-i-b)
set(SNOVA_SHAPE_SET.r3-l4-r8 snova-r3-i-k)
set(SNOVA_SHAPE_SET.r3-l5-r5 snova-r3-v-s)
set(SNOVA_SHAPE_SET.r3-l5-r6 snova-r3-v-b)
set(SNOVA_SHAPE_SET.r3-l5-r8 snova-r3-v-k)
