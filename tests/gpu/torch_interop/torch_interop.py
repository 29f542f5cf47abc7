#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 WITH LLVM-exception
"""PyTorch interop of a translated kernel (docs/testing.md, the GPU suite).

Usage: torch_interop.py <path of libqd_torch_interop.so>

Loads the library that tests/gpu/device builds from
tests/gpu/torch_interop/qd_torch_kernels.cpp (translated for CUDA) with ctypes
and calls its C entry point on PyTorch streams, passing
torch.cuda.Stream().cuda_stream as the qd::StreamRef. Prints
`check torch.<name> PASS|FAIL|SKIP <detail>` lines, which
tests/gpu/run_on_device.sh counts like the suite programs' checks:

  ordered_on_torch_stream  torch writes x on stream s behind ~100 ms of GPU
                           sleep, the kernel transforms x on s, torch reads
                           and reduces x on s, with no synchronization in
                           between: the results are the transform of the write;
  ordered_on_default_stream  the same on torch's default (legacy) stream;
  call_returns_early       the call returns while s still has its queued work;
  other_stream_not_blocked work on another torch stream finishes while s (and
                           the region queued on it) is still busy;
  pools_given_back         the runtime's pools are not held after the calls;
  captured_in_torch_graph  a graph-mode call and a stream-mode call on the
                           stream torch.cuda.graph captures, between torch
                           operations: replaying the captured graph 3 times
                           applies both transforms 3 times, in order.
Without PyTorch or a GPU it prints one SKIP line and exits 0.
"""
import ctypes
import sys
import time


def check(name, ok, detail):
    print(f"check torch.{name} {'PASS' if ok else 'FAIL'} {detail}", flush=True)
    return ok


def skip(name, reason):
    print(f"check torch.{name} SKIP {reason}", flush=True)


def main():
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    try:
        import torch
    except Exception as e:  # ImportError, or a broken installation
        skip("interop", f"import torch failed: {type(e).__name__}: {e}")
        return 0
    if not torch.cuda.is_available():
        skip("interop", f"torch {torch.__version__}: torch.cuda.is_available() is False")
        return 0
    lib = ctypes.CDLL(sys.argv[1])
    lib.qd_torch_transform.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    lib.qd_torch_transform.restype = ctypes.c_int
    lib.qd_torch_transform_delayed.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int,
                                               ctypes.c_int]
    lib.qd_torch_transform_delayed.restype = ctypes.c_int
    lib.qd_torch_pools_in_use.restype = ctypes.c_long
    lib.qd_torch_transform_graph.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int]
    lib.qd_torch_transform_graph.restype = ctypes.c_int
    print(f"info torch {torch.__version__} (CUDA {torch.version.cuda}) on "
          f"{torch.cuda.get_device_name(0)}", flush=True)

    dev = torch.device("cuda", 0)
    n = 1 << 20
    half = n // 2
    # Integers below 1000: every value of the transform and of 3x is exact.
    src = (torch.arange(n, dtype=torch.float32, device=dev) % 1000)
    expected = src.clone()
    expected[:half] = 2.0 * expected[:half] + 1.0
    expected[half:] = 0.5 * expected[half:] - 3.0
    expected3 = (3.0 * expected).cpu()
    torch.cuda.synchronize()

    # GPU clock cycles per millisecond, for torch.cuda._sleep.
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    torch.cuda._sleep(1000000)  # warm-up
    start.record()
    torch.cuda._sleep(50000000)
    end.record()
    end.synchronize()
    cycles_per_ms = 50000000 / max(start.elapsed_time(end), 1e-3)
    spin_steps = 2000000  # a few ms per block: a missing join would be seen

    def ordered_on(stream, name=None):
        with torch.cuda.stream(stream):
            x = torch.empty(n, dtype=torch.float32, device=dev)
            torch.cuda._sleep(int(100 * cycles_per_ms))  # the write comes late
            x.copy_(src)                                  # torch writes x on the stream
            rc = lib.qd_torch_transform_delayed(ctypes.c_void_p(stream.cuda_stream),
                                                ctypes.c_void_p(x.data_ptr()), n, spin_steps)
            y = 3.0 * x                                   # torch reads x on the stream
            total = y.double().sum()                      # and reduces it
        stream.synchronize()
        wrong = int((y.cpu() != expected3).sum().item())
        want = float(expected3.double().sum().item())
        got = float(total.item())
        if name is None:  # a warm-up
            return True
        return check(name, rc == 0 and wrong == 0 and got == want,
                     f"stream 0x{stream.cuda_stream:x}: call returned {rc}; {wrong} of {n} "
                     f"elements wrong; sum {got:.1f}, expected {want:.1f}")

    # A warm-up first: the first launch of a kernel loads its module (CUDA's
    # lazy loading), which may wait for the whole device and so would order
    # the calls by itself.
    ordered_on(torch.cuda.Stream(device=dev))
    ordered_on(torch.cuda.Stream(device=dev), "ordered_on_torch_stream")
    ordered_on(torch.cuda.default_stream(dev), "ordered_on_default_stream")

    # A long sleep on s, then the region behind it; meanwhile other work on
    # s2 must run and finish.
    s, s2 = torch.cuda.Stream(device=dev), torch.cuda.Stream(device=dev)
    sleep_ms = 300

    def other_work():
        with torch.cuda.stream(s2):
            z = torch.full((4096,), 7.0, device=dev) * 3.0
            done = torch.cuda.Event()
            done.record(s2)
        return z, done

    # Once before, with nothing else queued: the first use of a PyTorch kernel
    # loads its module (CUDA's lazy loading), and a memory block for s2 comes
    # from cudaMalloc; either may wait for the whole device.
    z, done = other_work()
    done.synchronize()
    del z
    with torch.cuda.stream(s):
        x = src.clone()  # src is complete: synchronized above
        torch.cuda._sleep(int(sleep_ms * cycles_per_ms))
    t0 = time.perf_counter()
    rc = lib.qd_torch_transform(ctypes.c_void_p(s.cuda_stream), ctypes.c_void_p(x.data_ptr()), n)
    call_ms = (time.perf_counter() - t0) * 1000
    t1 = time.perf_counter()
    z, done = other_work()
    done.synchronize()
    s2_ms = (time.perf_counter() - t1) * 1000
    s_busy = not s.query()
    z_ok = bool((z == 21.0).all().item())
    s.synchronize()
    x_ok = bool(torch.equal(x, expected))
    check("call_returns_early", rc == 0 and call_ms < 0.25 * sleep_ms,
          f"the call returned after {call_ms:.3f} ms with {sleep_ms} ms queued before it")
    check("other_stream_not_blocked", s_busy and z_ok and x_ok,
          f"work on another stream finished after {s2_ms:.3f} ms while the region's stream was "
          f"{'still busy' if s_busy else 'already idle'}; results {'right' if z_ok and x_ok else 'WRONG'}")
    in_use = lib.qd_torch_pools_in_use()
    check("pools_given_back", in_use == 0, f"{in_use} pooled streams and events still lent out")

    # torch.cuda.graph around a graph-mode call and a stream-mode call: both
    # see that the stream is being captured, so their launches, forks and
    # joins become nodes of PyTorch's graph, ordered between the torch
    # operations captured before and after them.
    static_x = torch.zeros(n, dtype=torch.float32, device=dev)
    static_y = torch.zeros(n, dtype=torch.float32, device=dev)
    side = torch.cuda.Stream(device=dev)
    side.wait_stream(torch.cuda.current_stream(dev))
    with torch.cuda.stream(side):  # warm-up outside the capture, as PyTorch advises
        rcs = [lib.qd_torch_transform_graph(ctypes.c_void_p(side.cuda_stream),
                                            ctypes.c_void_p(static_x.data_ptr()), n),
               lib.qd_torch_transform(ctypes.c_void_p(side.cuda_stream),
                                      ctypes.c_void_p(static_x.data_ptr()), n)]
    torch.cuda.current_stream(dev).wait_stream(side)
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    try:
        with torch.cuda.graph(graph):
            stream = torch.cuda.current_stream(dev).cuda_stream
            static_x.add_(1.0)  # torch before the calls
            rcs.append(lib.qd_torch_transform_graph(ctypes.c_void_p(stream),
                                                    ctypes.c_void_p(static_x.data_ptr()), n))
            rcs.append(lib.qd_torch_transform(ctypes.c_void_p(stream),
                                              ctypes.c_void_p(static_x.data_ptr()), n))
            static_y.copy_(static_x * 2.0)  # torch after them
        static_x.copy_(src)
        torch.cuda.synchronize()
        for _ in range(3):
            graph.replay()
        torch.cuda.synchronize()
        want = src.clone()
        for _ in range(3):
            want = want + 1.0
            for _ in range(2):  # the graph-mode transform, then the stream-mode one
                want[:half] = 2.0 * want[:half] + 1.0
                want[half:] = 0.5 * want[half:] - 3.0
        ok_x = bool(torch.equal(static_x, want))
        ok_y = bool(torch.equal(static_y, want * 2.0))
        check("captured_in_torch_graph", all(rc == 0 for rc in rcs) and ok_x and ok_y,
              f"calls returned {rcs}; after 3 replays x {'right' if ok_x else 'WRONG'}, "
              f"y {'right' if ok_y else 'WRONG'}")
    except Exception as e:  # a capture error surfaces here, not as a return code
        check("captured_in_torch_graph", False, f"{type(e).__name__}: {e}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
