//! The checksums of the tables' byte formats: FNV-1a byte by byte (the browser's entries), and a sum over 8-byte
//! words in four lanes, fast enough for the 577 MB of the 7-8 tables (the native files).

/// FNV-1a, 64 bits, fed piece by piece: cheap, and any damaged byte changes it.
pub(super) struct Checksum(u64);

impl Checksum {
    fn new() -> Checksum {
        Checksum(0xcbf2_9ce4_8422_2325)
    }

    fn add(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 ^= b as u64;
            self.0 = self.0.wrapping_mul(0x0000_0100_0000_01b3);
        }
    }
}

/// The checksum over 8-byte words in four independent lanes (a multiply and a rotation each), fed piece by
/// piece (pieces need not be whole words); it ends by mixing in the length.
pub(super) struct WordSum {
    lanes: [u64; 4],
    pending: [u8; 32],
    filled: usize,
    length: u64,
}

const WORD_SUM_FACTOR: u64 = 0x9e37_79b9_7f4a_7c15;

impl WordSum {
    fn new() -> WordSum {
        WordSum {
            lanes: [1, 2, 3, 4],
            pending: [0; 32],
            filled: 0,
            length: 0,
        }
    }

    #[inline(always)]
    fn mix(lane: u64, word: u64) -> u64 {
        (lane ^ word).wrapping_mul(WORD_SUM_FACTOR).rotate_left(31)
    }

    fn block(&mut self, block: &[u8]) {
        for (i, lane) in self.lanes.iter_mut().enumerate() {
            let mut word = [0u8; 8];
            word.copy_from_slice(&block[8 * i..8 * i + 8]);
            *lane = WordSum::mix(*lane, u64::from_le_bytes(word));
        }
    }

    fn add(&mut self, mut bytes: &[u8]) {
        self.length += bytes.len() as u64;
        if self.filled > 0 {
            let take = (32 - self.filled).min(bytes.len());
            self.pending[self.filled..self.filled + take].copy_from_slice(&bytes[..take]);
            self.filled += take;
            bytes = &bytes[take..];
            if self.filled < 32 {
                return;
            }
            let pending = self.pending;
            self.block(&pending);
            self.filled = 0;
        }
        let mut blocks = bytes.chunks_exact(32);
        for block in &mut blocks {
            self.block(block);
        }
        let rest = blocks.remainder();
        self.pending[..rest.len()].copy_from_slice(rest);
        self.filled = rest.len();
    }

    fn finish(mut self) -> u64 {
        if self.filled > 0 {
            self.pending[self.filled..].fill(0);
            let pending = self.pending;
            self.block(&pending);
        }
        self.lanes
            .iter()
            .fold(self.length, |sum, &lane| WordSum::mix(sum, lane))
    }
}

/// The checksum of one format version.
pub(super) enum Sum {
    Bytes(Checksum),
    Words(WordSum),
}

impl Sum {
    /// The byte-wise checksum (the browser's format).
    pub(super) fn byte_wise() -> Sum {
        Sum::Bytes(Checksum::new())
    }

    /// The checksum over 8-byte words (the native files' format).
    pub(super) fn word_wise() -> Sum {
        Sum::Words(WordSum::new())
    }

    pub(super) fn add(&mut self, bytes: &[u8]) {
        match self {
            Sum::Bytes(sum) => sum.add(bytes),
            Sum::Words(sum) => sum.add(bytes),
        }
    }

    pub(super) fn finish(self) -> u64 {
        match self {
            Sum::Bytes(sum) => sum.0,
            Sum::Words(sum) => sum.finish(),
        }
    }
}
