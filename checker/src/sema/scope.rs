//! Names in scope. Each distinct name is interned once per check as a small number (a
//! symbol); every binding goes into a log, in the order it was made, and each symbol points at
//! its innermost binding, which links to the one it hides. A look-up is one hash probe for the
//! symbol and one step to its binding; leaving a block pops the block's bindings and puts back
//! what each hid, with no hashing.
//!
//! Bindings at file scope are made only while no block is open, so in the log they always come
//! before every block's.

use smol_str::SmolStr;

pub(super) struct Scoped<V> {
    symbols: Symbols,
    /// Per symbol: the log index of its innermost binding.
    innermost: Vec<Option<u32>>,
    log: Vec<Binding<V>>,
    /// Where each open block's bindings start in `log` (file scope has no entry).
    blocks: Vec<u32>,
}

struct Binding<V> {
    symbol: u32,
    value: V,
    /// The binding of the same name this one hides.
    hidden: Option<u32>,
}

impl<V> Default for Scoped<V> {
    fn default() -> Self {
        Scoped {
            symbols: Symbols::default(),
            innermost: Vec::new(),
            log: Vec::new(),
            blocks: Vec::new(),
        }
    }
}

impl<V> Scoped<V> {
    /// Whether only file scope is open.
    pub(super) fn at_file_scope(&self) -> bool {
        self.blocks.is_empty()
    }

    pub(super) fn open_block(&mut self) {
        self.blocks.push(self.log.len() as u32);
    }

    /// Drops the innermost block's bindings, uncovering the ones they hid.
    pub(super) fn close_block(&mut self) {
        let Some(start) = self.blocks.pop() else {
            return;
        };
        while self.log.len() > start as usize {
            let Some(b) = self.log.pop() else { break };
            if let Some(slot) = self.innermost.get_mut(b.symbol as usize) {
                *slot = b.hidden;
            }
        }
    }

    /// Binds `name` in the innermost open scope (file scope when no block is open).
    pub(super) fn bind(&mut self, name: &str, value: V) {
        let symbol = self.symbols.intern(name);
        let index = self.log.len() as u32;
        let hidden = match self.innermost.get_mut(symbol as usize) {
            Some(slot) => slot.replace(index),
            None => {
                // A new symbol (the next one).
                self.innermost.resize(symbol as usize, None);
                self.innermost.push(Some(index));
                None
            }
        };
        self.log.push(Binding {
            symbol,
            value,
            hidden,
        });
    }

    /// The innermost binding of `name`.
    #[inline(always)]
    pub(super) fn get(&self, name: &str) -> Option<&V> {
        let index = self.innermost_index(name)?;
        self.log.get(index as usize).map(|b| &b.value)
    }

    /// The innermost binding of `name` made in a block, ignoring file scope.
    pub(super) fn get_in_block(&self, name: &str) -> Option<&V> {
        let index = self.innermost_index(name)?;
        // File-scope bindings are the outermost: the innermost is a block's if any is.
        if (index as usize) < self.file_scope_end() {
            return None;
        }
        self.log.get(index as usize).map(|b| &b.value)
    }

    /// The file-scope binding of `name`, even where a block's hides it.
    pub(super) fn get_at_file_scope(&self, name: &str) -> Option<&V> {
        let end = self.file_scope_end();
        let mut index = self.innermost_index(name)?;
        while index as usize >= end {
            index = self.log.get(index as usize)?.hidden?;
        }
        self.log.get(index as usize).map(|b| &b.value)
    }

    #[inline(always)]
    fn innermost_index(&self, name: &str) -> Option<u32> {
        let symbol = self.symbols.find(name)?;
        *self.innermost.get(symbol as usize)?
    }

    /// Where block bindings start in the log.
    fn file_scope_end(&self) -> usize {
        self.blocks
            .first()
            .map_or(self.log.len(), |&start| start as usize)
    }
}

/// The names seen so far, each with its symbol (its index here).
#[derive(Default)]
struct Symbols {
    /// Hash to the latest symbol with that hash.
    table: Table,
    entries: Vec<Entry>,
}

struct Entry {
    key: Key,
    text: SmolStr,
    /// An earlier symbol with the same hash (a collision, in practice never).
    same_hash: Option<u32>,
}

impl Symbols {
    #[inline(always)]
    fn find(&self, name: &str) -> Option<u32> {
        let key = Key::of(name);
        let (symbol, len) = self.table.get(key.hash)?;
        if len as usize == key.len && key.is_exact() {
            return Some(symbol);
        }
        self.find_among(symbol, key, name)
    }

    /// [`Symbols::find`] for a long name, or among symbols whose hashes collide (kept out of
    /// line, so that the short names' path stays small).
    #[inline(never)]
    fn find_among(&self, mut symbol: u32, key: Key, name: &str) -> Option<u32> {
        loop {
            let entry = self.entries.get(symbol as usize)?;
            if entry.key == key && (key.is_exact() || entry.text == name) {
                return Some(symbol);
            }
            symbol = entry.same_hash?;
        }
    }

    #[inline]
    fn intern(&mut self, name: &str) -> u32 {
        match self.find(name) {
            Some(symbol) => symbol,
            None => self.add(name),
        }
    }

    #[inline(never)]
    fn add(&mut self, name: &str) -> u32 {
        let key = Key::of(name);
        let symbol = self.entries.len() as u32;
        let same_hash = self.table.insert(key, symbol);
        self.entries.push(Entry {
            key,
            text: SmolStr::new(name),
            same_hash,
        });
        symbol
    }
}

/// A name's hash and length. For names of at most 7 bytes the hash is a bijection of the
/// bytes and the length, so equal keys mean equal names; longer names compare their text too.
#[derive(Clone, Copy, PartialEq, Eq)]
struct Key {
    hash: u64,
    len: usize,
}

impl Key {
    /// A name of up to 7 bytes is hashed as one word holding its bytes and its length; a
    /// longer one a word at a time (the Fx hash's mixing step), with no copying of the last
    /// partial word.
    #[inline]
    fn of(name: &str) -> Key {
        const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
        let len = name.len();
        let mut rest = name.as_bytes();
        if len <= 7 {
            let word = last_word(rest) | ((len as u64) << 56);
            return Key {
                hash: word.wrapping_mul(SEED),
                len,
            };
        }
        let mix = |h: u64, word: u64| (h.rotate_left(5) ^ word).wrapping_mul(SEED);
        let mut hash = mix(0, len as u64);
        while rest.len() > 8 {
            let (word, tail) = rest.split_at(8);
            hash = mix(hash, le_u64(word));
            rest = tail;
        }
        Key {
            hash: mix(hash, last_word(rest)),
            len,
        }
    }

    fn is_exact(self) -> bool {
        self.len <= 7
    }
}

/// The (at most 8) last bytes of a name as one word, every byte in it: two overlapping reads
/// cover four to eight bytes, three single bytes cover up to three.
#[inline]
fn last_word(b: &[u8]) -> u64 {
    let n = b.len();
    match n {
        8 => le_u64(b),
        4..=7 => {
            let lo = le_u32(&b[..4]);
            let hi = le_u32(&b[n - 4..]);
            (u64::from(hi) << ((n - 4) * 8)) | u64::from(lo)
        }
        1..=3 => u64::from(b[0]) | (u64::from(b[n / 2]) << 8) | (u64::from(b[n - 1]) << 16),
        _ => 0,
    }
}

fn le_u64(b: &[u8]) -> u64 {
    u64::from_le_bytes(b.try_into().unwrap_or([0; 8]))
}

fn le_u32(b: &[u8]) -> u32 {
    u32::from_le_bytes(b.try_into().unwrap_or([0; 4]))
}

/// Hash to symbol, by open addressing with linear probing: a look-up is a few loads. Entries
/// are never removed.
#[derive(Default)]
struct Table {
    slots: Vec<Slot>,
    len: usize,
}

/// A symbol with its name's hash and length (enough to recognise a short name).
#[derive(Clone, Copy, Default)]
struct Slot {
    hash: u64,
    /// The symbol plus one; 0 is an empty slot.
    symbol: u32,
    len: u32,
}

impl Table {
    /// Where `hash` is, or the empty slot where it would go.
    #[inline(always)]
    fn position(&self, hash: u64) -> Option<usize> {
        let mask = self.slots.len().checked_sub(1)?;
        let mut at = home(hash, mask);
        loop {
            let slot = self.slots.get(at)?;
            if slot.symbol == 0 || slot.hash == hash {
                return Some(at);
            }
            at = (at + 1) & mask;
        }
    }

    /// The latest symbol whose name has this hash, with that name's length.
    #[inline(always)]
    fn get(&self, hash: u64) -> Option<(u32, u32)> {
        let slot = self.slots.get(self.position(hash)?)?;
        (slot.symbol != 0 && slot.hash == hash).then(|| (slot.symbol - 1, slot.len))
    }

    /// Maps `key`'s hash to `symbol`, returning the symbol it mapped to before.
    fn insert(&mut self, key: Key, symbol: u32) -> Option<u32> {
        if (self.len + 1) * 2 > self.slots.len() {
            self.grow();
        }
        let at = self.position(key.hash)?;
        let slot = self.slots.get_mut(at)?;
        let before = (slot.symbol != 0).then(|| slot.symbol - 1);
        *slot = Slot {
            hash: key.hash,
            symbol: symbol + 1,
            len: key.len as u32,
        };
        if before.is_none() {
            self.len += 1;
        }
        before
    }

    fn grow(&mut self) {
        // Sized at first for the names of a large file, so that most checks never grow it.
        let size = (self.slots.len() * 2).max(1024);
        let old = std::mem::replace(&mut self.slots, vec![Slot::default(); size]);
        let mask = size - 1;
        for slot in old.into_iter().filter(|s| s.symbol != 0) {
            let mut at = home(slot.hash, mask);
            while self.slots[at].symbol != 0 {
                at = (at + 1) & mask;
            }
            self.slots[at] = slot;
        }
    }
}

/// The slot a hash probes first: its high bits, the best mixed.
#[inline]
fn home(hash: u64, mask: usize) -> usize {
    (hash >> 32) as usize & mask
}

#[cfg(test)]
mod tests {
    use super::*;

    fn bind(s: &mut Scoped<usize>, name: &str, value: usize) {
        s.bind(name, value);
    }

    #[test]
    fn blocks_shadow_and_restore() {
        let mut s = Scoped::default();
        bind(&mut s, "x", 0);
        s.open_block();
        assert_eq!(s.get("x"), Some(&0));
        assert_eq!(s.get_in_block("x"), None);
        bind(&mut s, "x", 1);
        bind(&mut s, "y", 2);
        s.open_block();
        bind(&mut s, "x", 3);
        assert_eq!(s.get("x"), Some(&3));
        assert_eq!(s.get_in_block("x"), Some(&3));
        assert_eq!(s.get_at_file_scope("x"), Some(&0));
        assert_eq!(s.get_at_file_scope("y"), None);
        s.close_block();
        assert_eq!(s.get("x"), Some(&1));
        s.close_block();
        assert_eq!(s.get("x"), Some(&0));
        assert_eq!(s.get("y"), None);
        assert!(s.at_file_scope());
        bind(&mut s, "x", 4);
        assert_eq!(s.get("x"), Some(&4));
        assert_eq!(s.get_at_file_scope("x"), Some(&4));
    }

    #[test]
    fn names_of_every_length_stay_apart() {
        let names: Vec<String> = (0..40)
            .flat_map(|n| ["a", "b", "ab", "\0"].map(|p| format!("{p}{}", "x".repeat(n))))
            .collect();
        let mut keys: Vec<u64> = names.iter().map(|n| Key::of(n).hash).collect();
        keys.sort_unstable();
        keys.dedup();
        assert_eq!(keys.len(), names.len());
        let mut s = Scoped::default();
        for (i, n) in names.iter().enumerate() {
            bind(&mut s, n, i);
        }
        for (i, n) in names.iter().enumerate() {
            assert_eq!(s.get(n), Some(&i));
        }
        assert_eq!(s.get(""), None);
        assert_eq!(s.get("xa"), None);
    }

    #[test]
    fn many_names_and_blocks() {
        let mut s = Scoped::default();
        for i in 0..3000 {
            bind(&mut s, &format!("g{i}"), i);
        }
        for round in 0..30 {
            s.open_block();
            for i in 0..(round * 11) {
                bind(&mut s, &format!("g{i}"), 10_000 + i);
                bind(&mut s, &format!("local_name_{i}"), 20_000 + i);
            }
            for i in 0..(round * 11) {
                assert_eq!(s.get(&format!("g{i}")), Some(&(10_000 + i)));
                assert_eq!(s.get_at_file_scope(&format!("g{i}")), Some(&i));
                assert_eq!(
                    s.get_in_block(&format!("local_name_{i}")),
                    Some(&(20_000 + i))
                );
            }
            s.close_block();
            for i in 0..3000 {
                assert_eq!(s.get(&format!("g{i}")), Some(&i));
            }
            assert_eq!(s.get("local_name_0"), None);
        }
    }
}
