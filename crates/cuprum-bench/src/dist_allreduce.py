# All-reduce timings through torch.distributed or cupyx.distributed, one process per GPU, for
# cuprum-bench's distributed suite (it embeds this file and runs it with
#   python3 -m torch.distributed.run --nproc_per_node N dist_allreduce.py LIB MIN MAX WARM REP PORT
# where LIB is torch or cupy). The method is cuprum's `bench::all_reduce_sweep`: float32 arrays
# from MIN to MAX bytes (doubling), in place, WARM untimed calls, then (a) REP calls each
# followed by a stream synchronization, the median, and (b) REP calls queued back to back and one
# synchronization, the time divided by REP (nccl-tests' method), the median of TRIALS batches;
# each the maximum over ranks. Rank 0 prints one line
# "RESULT [[bytes, synchronized seconds, back-to-back seconds], ...]".
import json, os, sys, time

lib, lo, hi, warm, rep, port = sys.argv[1], *map(int, sys.argv[2:7])
rank = int(os.environ["RANK"])
world = int(os.environ["WORLD_SIZE"])
local = int(os.environ.get("LOCAL_RANK", rank))
TRIALS = 5  # bench::PIPELINE_TRIALS


def median(v):
    v = sorted(v)
    n = len(v)
    return v[n // 2] if n % 2 else 0.5 * (v[n // 2 - 1] + v[n // 2])


rows = []
if lib == "torch":
    import torch
    import torch.distributed as dist

    torch.cuda.set_device(local)
    try:
        dist.init_process_group("nccl", device_id=torch.device("cuda", local))
    except TypeError:  # torch < 2.3
        dist.init_process_group("nccl")
    b = lo
    while b <= hi:
        x = torch.zeros(b // 4, dtype=torch.float32, device="cuda")
        for _ in range(warm):
            dist.all_reduce(x)
        torch.cuda.synchronize()
        dist.barrier()
        ts = []
        for _ in range(rep):
            t0 = time.perf_counter()
            dist.all_reduce(x)
            torch.cuda.synchronize()
            ts.append(time.perf_counter() - t0)
        bs = []
        for _ in range(TRIALS):
            dist.barrier()
            t0 = time.perf_counter()
            for _ in range(rep):
                dist.all_reduce(x)
            torch.cuda.synchronize()
            bs.append((time.perf_counter() - t0) / rep)
        t = torch.tensor([median(ts), median(bs)], dtype=torch.float64, device="cuda")
        dist.all_reduce(t, op=dist.ReduceOp.MAX)
        rows.append([b // 4 * 4, *t.tolist()])
        del x
        b *= 2
    dist.destroy_process_group()
elif lib == "cupy":
    import cupy as cp
    import cupyx.distributed as cd

    cp.cuda.Device(local).use()
    comm = cd.init_process_group(
        world, rank, host=os.environ.get("MASTER_ADDR", "127.0.0.1"), port=port
    )
    b = lo
    while b <= hi:
        x = cp.zeros(b // 4, dtype=cp.float32)
        s = cp.cuda.get_current_stream()
        for _ in range(warm):
            comm.all_reduce(x, x, "sum")
        s.synchronize()
        comm.barrier()
        ts = []
        for _ in range(rep):
            t0 = time.perf_counter()
            comm.all_reduce(x, x, "sum")
            s.synchronize()
            ts.append(time.perf_counter() - t0)
        bs = []
        for _ in range(TRIALS):
            comm.barrier()
            t0 = time.perf_counter()
            for _ in range(rep):
                comm.all_reduce(x, x, "sum")
            s.synchronize()
            bs.append((time.perf_counter() - t0) / rep)
        t = cp.array([median(ts), median(bs)], dtype=cp.float64)
        comm.all_reduce(t, t, "max")
        s.synchronize()
        rows.append([b // 4 * 4, *map(float, t.get())])
        del x
        b *= 2
    getattr(comm, "stop", lambda: None)()  # ends rank 0's store server where CuPy has it
else:
    sys.exit("LIB must be torch or cupy, not " + lib)
if rank == 0:
    print("RESULT " + json.dumps(rows), flush=True)
