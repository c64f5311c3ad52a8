// Maximum length sequences (scipy.signal.max_len_seq): the linear feedback shift register of
// nbits <= 64 bits held in one 64-bit word, bit j the register's element j. Each thread runs
// the register over one chunk of the output from the start state the host computed for it
// (the register advanced chunk*t steps by GF(2) matrix powers).

// seq[t*chunk .. min((t+1)*chunk, length)) from start[t]; mask: bit 0 and the taps (the
// feedback is the parity of state & mask), the new bit entering at nbits - 1.
extern "C" __global__ void sig_mls(const unsigned long long* __restrict__ start, long long nchunks,
                                   long long chunk, long long length, int nbits,
                                   unsigned long long mask, signed char* __restrict__ seq) {
    for (long long t = blockIdx.x * (long long)blockDim.x + threadIdx.x; t < nchunks;
         t += (long long)gridDim.x * blockDim.x) {
        unsigned long long s = start[t];
        long long i0 = t * chunk;
        long long i1 = i0 + chunk < length ? i0 + chunk : length;
        for (long long i = i0; i < i1; ++i) {
            seq[i] = (signed char)(s & 1ULL);
            unsigned long long f = (unsigned long long)(__popcll(s & mask) & 1);
            s = (s >> 1) | (f << (nbits - 1));
        }
    }
}
