import numpy as np, scipy.sparse as sp, time
g=512
T=sp.diags([-1,2,-1],[-1,0,1],shape=(g,g))
I=sp.identity(g)
A=(sp.kron(I,T)+sp.kron(T,I)).tocsr().astype(np.float32)
x=np.random.rand(g*g).astype(np.float32)
ts=[]
for _ in range(200):
    t0=time.perf_counter(); A@x; ts.append(time.perf_counter()-t0)
ts.sort(); print("scipy median %.1f us p10 %.1f p90 %.1f  nnz %d idx %s"%(ts[100]*1e6, ts[20]*1e6, ts[180]*1e6, A.nnz, A.indices.dtype))
