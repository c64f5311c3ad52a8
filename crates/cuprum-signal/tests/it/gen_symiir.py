import numpy as np, scipy.signal as s
def r(x): return "&[" + ", ".join(repr(float(v)) for v in np.ravel(x)) + "]"
x = np.sin(np.arange(200)*0.37) + 0.01*np.arange(200)
print("// x = sin(0.37 k) + 0.01 k, k = 0..200")
print("pub const SYM1:", "&[f64] =", r(s.symiirorder1(x, 0.5, 0.8)[[0,1,2,50,100,197,198,199]]) + ";  // symiirorder1(x, 0.5, 0.8)[[0,1,2,50,100,197,198,199]]")
print("pub const SYM1_P:", "&[f64] =", r(s.symiirorder1(x, 0.3, -0.6, 1e-4)[[0,1,2,50,100,197,198,199]]) + ";  // symiirorder1(x, 0.3, -0.6, 1e-4)[...]")
x2 = np.stack([x[:60], x[60:120]])
print("pub const SYM1_2D:", "&[f64] =", r(s.symiirorder1(x2, 0.5, 0.3)[:, [0, 1, 30, 58, 59]]) + ";  // symiirorder1(stack([x[:60], x[60:120]]), 0.5, 0.3)[:, [0, 1, 30, 58, 59]]")
print("pub const SYM2:", "&[f64] =", r(s.symiirorder2(x, 0.5, 0.8)[[0,1,2,50,100,197,198,199]]) + ";  // symiirorder2(x, 0.5, 0.8)[...]")
print("pub const SYM2_2D_F32:", "&[f64] =", r(s.symiirorder2(x2.astype(np.float32), 0.4, 1.2)[:, [0, 1, 30, 58, 59]]) + ";  // symiirorder2(x2.astype(float32), 0.4, 1.2)[:, [0, 1, 30, 58, 59]]")
im = (np.arange(42.).reshape(6, 7) ** 1.3) % 11
print("// im = (arange(42.).reshape(6, 7) ** 1.3) % 11")
print("pub const SEPFIR:", "&[f64] =", r(s.sepfir2d(im, np.array([1., 2, 4]), np.array([0.5, -1, 3, 0.2, 0.1]))) + ";  // sepfir2d(im, [1, 2, 4], [0.5, -1, 3, 0.2, 0.1])")
def rc(x): return "&[" + ", ".join("(%r, %r)" % (float(v.real), float(v.imag)) for v in np.ravel(x)) + "]"
xc = x.astype(complex)
print("pub const SYM1_C:", "&[(f64, f64)] =", rc(s.symiirorder1(xc, 0.5 + 0.2j, 0.3 + 0.4j)[[0,1,2,50,100,197,198,199]]) + ";  // symiirorder1(x.astype(complex), 0.5+0.2j, 0.3+0.4j)[[0,1,2,50,100,197,198,199]]")
xz = x + 1j * x[::-1]
print("pub const SYM1_CX:", "&[(f64, f64)] =", rc(s.symiirorder1(xz, 0.5, 0.3)[[0,1,2,50,100,197,198,199]]) + ";  // symiirorder1(x + 1j*x[::-1], 0.5, 0.3)[...]")
x2c = (x2 - 0.5j * x2[::-1]).astype(np.complex64)
print("pub const SYM1_C64_2D:", "&[(f64, f64)] =", rc(s.symiirorder1(x2c, 1 - 0.5j, -0.2 + 0.6j, 1e-4)[:, [0, 1, 30, 58, 59]]) + ";  // symiirorder1((x2 - 0.5j*x2[::-1]).astype(complex64), 1-0.5j, -0.2+0.6j, 1e-4)[:, [0, 1, 30, 58, 59]]")
