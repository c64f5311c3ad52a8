import numpy as np, scipy.signal as s
def morlet(M, w=5.0, s_=1.0, complete=True):
    x = np.linspace(-s_*2*np.pi, s_*2*np.pi, M)
    out = np.exp(1j*w*x)
    if complete: out -= np.exp(-0.5*(w**2))
    return out*np.exp(-0.5*x**2)*np.pi**(-0.25)
def morlet2(M, s_, w=5):
    x = (np.arange(0, M) - (M-1.0)/2)/s_
    return np.exp(1j*w*x)*np.exp(-0.5*x**2)*np.pi**(-0.25)*np.sqrt(1/s_)
def ricker(points, a):
    A = 2/(np.sqrt(3*a)*(np.pi**0.25)); wsq=a**2
    vec = np.arange(0, points) - (points-1.0)/2
    xsq = vec**2
    return A*(1-xsq/wsq)*np.exp(-xsq/(2*wsq))
def qmf(hk):
    hk=np.asarray(hk); N=len(hk)-1
    asgn=[{0:1,1:-1}[k%2] for k in range(N+1)]
    return hk[::-1]*np.array(asgn)
def cwt(data, wavelet, widths):
    dtype = np.complex128 if np.iscomplexobj(wavelet(1,1)) else np.float64
    out = np.empty((len(widths), len(data)), dtype=dtype)
    for i,w in enumerate(widths):
        N = min(10*int(w), len(data))
        wd = np.conj(wavelet(N, int(w)))[::-1]
        out[i] = s.convolve(data, wd, mode='same')
    return out
def c(x): return [(float(v.real), float(v.imag)) for v in np.ravel(x)]
def r(x): return [float(v) for v in np.ravel(x)]
print("MORLET6", c(morlet(6, 4.0, 0.7, True)))
print("MORLET6S", c(morlet(6, 4.0, 0.7, False)))
print("MORLET2", c(morlet2(7, 1.5, 3.0)))
print("RICKER", r(ricker(8, 2.5)))
print("QMF", r(qmf([0.5, -1.0, 2.0, 0.25])))
t = np.linspace(0, 1, 24)
data = np.cos(2*np.pi*3*t) + 0.5*np.sin(2*np.pi*7*t)
print("DATA", r(data))
print("CWT_RICKER", r(cwt(data, ricker, [1, 2.7, 4])))
print("CWT_MORLET2", c(cwt(data, lambda M, w: morlet2(M, w, 5.0), [1.5, 3])))
