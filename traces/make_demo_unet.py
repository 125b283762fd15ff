# SPDX-License-Identifier: GPL-3.0-or-later
# Writes a small U-Net-like training step in the DTR log format (hand-made, seeded).
import json, random, sys
random.seed(int(sys.argv[1]) if len(sys.argv) > 1 else 1)
out = []
n = [0]
def name():
    n[0] += 1; return "t%d" % n[0]
def emit(**k): out.append(json.dumps(k, separators=(',', ':'), sort_keys=True))
def const(size):
    x = name(); emit(INSTRUCTION="CONSTANT", NAME=x); emit(INSTRUCTION="MEMORY", NAME=x, MEMORY=str(size)); return x
def call(op, args, sizes, time, alias=None):
    res = [name() for _ in sizes]
    emit(INSTRUCTION="CALL", NAME=op, ARGS=args, RESULT=res, TIME=str(time))
    for i, (r, s) in enumerate(zip(res, sizes)):
        emit(INSTRUCTION="MEMORY", NAME=r, MEMORY=str(s))
        emit(INSTRUCTION="ALIAS", NAME=r, ALIAS=str(alias[i] if alias else -1))
    return res
def release(x): emit(INSTRUCTION="RELEASE", NAME=x)
emit(INSTRUCTION="ANNOTATE", ANNOTATION="START")
inp = const(4096)
levels = 4
ws = [const(256 * (l + 1)) for l in range(levels * 2)]
x = inp
skips = []
acts = []
size = 4096
for l in range(levels):
    (c,) = call("conv", [x, ws[l]], [size * 2], 900 + 150 * l + random.randint(0, 80))
    (r,) = call("relu", [c], [size * 2], 120 + random.randint(0, 30))
    acts.append((c, r))
    skips.append(r)
    size = size // 2
    (p,) = call("max_pool", [r], [size * 2], 200 + random.randint(0, 40))
    x = p
    acts.append((p,))
for l in reversed(range(levels)):
    size = size * 2
    (u,) = call("upsample", [x], [size * 2], 300 + random.randint(0, 50))
    (cat,) = call("cat", [u, skips[l]], [size * 4], 150 + random.randint(0, 30))
    (c,) = call("conv", [cat, ws[levels + l]], [size * 2], 1100 + 100 * l + random.randint(0, 80))
    acts.append((u, cat, c))
    x = c
(loss,) = call("mse_loss", [x, inp], [8], 60)
emit(INSTRUCTION="ANNOTATE", ANNOTATION="BACKWARD")
(g,) = call("mse_loss_backward", [loss, x, inp], [8192], 90)
for grp in reversed(acts):
    for a in reversed(grp):
        (g2,) = call("backward_step", [g, a], [8192 if random.random() < 0.5 else 6144], 400 + random.randint(0, 600))
        release(g)
        release(a)
        g = g2
for w in ws:
    (gw,) = call("weight_grad", [g, w], [256], 150 + random.randint(0, 50))
    release(gw)
release(g)
print("\n".join(out))
