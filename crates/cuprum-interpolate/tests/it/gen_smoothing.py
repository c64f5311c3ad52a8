# SciPy 1.17.1 reference values for UnivariateSpline.set_smoothing_factor (tests/it/smoothing.rs); python3 gen_smoothing.py > ../data/smoothing.txt
import numpy as np, copy
from scipy.interpolate import UnivariateSpline, InterpolatedUnivariateSpline
x = np.linspace(0.0, 10.0, 60)
y = np.sin(x) + 0.3 * np.sin(13.7 * x) + 0.05 * x
w = 1.0 + 0.5 * np.cos(x)
xe = np.array([-0.5, 0.3, 2.2, 4.75, 7.1, 9.9, 10.4])
out = ["# SciPy 1.17.1 reference values of tests/it/smoothing.rs (UnivariateSpline.set_smoothing_factor",
       "# and the smoothing fits it restarts from), written by tests/it/gen_smoothing.py: sections",
       "# [NAME] of numbers; the comment above each group names the SciPy calls that produced it."]
def arr(name, v):
    lines, cur = [], ""
    for a in np.asarray(v, dtype=float).ravel():
        t = repr(float(a))
        if cur and len(cur) + 1 + len(t) > 96:
            lines.append(cur); cur = t
        else:
            cur = f"{cur} {t}" if cur else t
    out.append(f"[{name}]\n" + "\n".join(lines + [cur]))
def rec(tag, comment, s):
    out.append(f"# {comment}: get_knots(), get_coeffs(), get_residual(), __call__(XE), FITPACK ier {s._data[13]}")
    arr(tag + "_KNOTS", s.get_knots()); arr(tag + "_COEFFS", s.get_coeffs())
    arr(tag + "_RES", [s.get_residual()]); arr(tag + "_V", s(xe))
arr("SX", x); arr("SY", y); arr("SW", w); arr("XE", xe)
a = UnivariateSpline(x, y, w=w, s=4.0); rec("A0", "a = UnivariateSpline(SX, SY, w=SW, s=4.0)", a)
a.set_smoothing_factor(1.0); rec("A1", "a.set_smoothing_factor(1.0)", a)
a.set_smoothing_factor(3.0); rec("A2", "then a.set_smoothing_factor(3.0)", a)
a.set_smoothing_factor(1e3); rec("A3", "then a.set_smoothing_factor(1e3)", a)
b = InterpolatedUnivariateSpline(x, y); b.set_smoothing_factor(2.0)
rec("B", "b = InterpolatedUnivariateSpline(SX, SY); b.set_smoothing_factor(2.0)", b)
c = UnivariateSpline(x, y, s=0.5); rec("C", "UnivariateSpline(SX, SY, s=0.5)", c)
d = UnivariateSpline(x, y, k=5, s=3.0); d.set_smoothing_factor(1.5)
rec("D", "d = UnivariateSpline(SX, SY, k=5, s=3.0); d.set_smoothing_factor(1.5)", d)
e = UnivariateSpline(x, y, k=2, s=2.0); e.set_smoothing_factor(0.8)
rec("E", "e = UnivariateSpline(SX, SY, k=2, s=2.0); e.set_smoothing_factor(0.8)", e)
from scipy.interpolate import splrep, splev
t, cc, k = splrep(x, y, s=0.5)
out.append("# tck = splrep(SX, SY, s=0.5): t, c[:n-k-1], splev(XE, tck)")
arr("SPLREP_T", t); arr("SPLREP_C", cc[:len(t) - k - 1]); arr("SPLREP_V", splev(xe, (t, cc, k)))
print("\n".join(out))
