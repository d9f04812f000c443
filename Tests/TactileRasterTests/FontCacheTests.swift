import Testing

@testable import TactileRaster

/// The font system's caches stay within their documented limits however many distinct characters and
/// sizes are drawn (issue 9: a long-running app that animates a font size must not grow).
@Suite struct FontCacheTests {
  @Test func aBoundedCacheEmptiesWhenItWouldPassItsEntryLimit() {
    var cache = BoundedCache<Int>(entryLimit: 3)
    for key in 0..<3 { cache.insert(Int(key), for: UInt64(key)) }
    #expect(cache.count == 3 && cache[0] == 0 && cache[2] == 2)
    cache.insert(3, for: 3)
    #expect(cache.count == 1 && cache[3] == 3 && cache[0] == nil)
  }

  @Test func aBoundedCacheEmptiesWhenItWouldPassItsCostLimitAndSkipsWhatCostsMoreAlone() {
    var cache = BoundedCache<String>(entryLimit: 100, costLimit: 10)
    cache.insert("a", for: 1, cost: 6)
    cache.insert("b", for: 2, cost: 4)
    #expect(cache.count == 2 && cache.cost == 10)
    cache.insert("c", for: 3, cost: 1)
    #expect(cache.count == 1 && cache.cost == 1 && cache[1] == nil && cache[3] == "c")
    cache.insert("huge", for: 4, cost: 11)
    #expect(cache[4] == nil && cache[3] == "c" && cache.cost == 1)
  }

  @Test func aBoundedCacheFindsEveryEntryAsItGrowsWhateverBitsTheKeysDifferIn() {
    var cache = BoundedCache<UInt64>(entryLimit: 10_000)
    // Keys that differ only in their low bits, only in their high bits, and in both.
    let keys = (0..<3000).flatMap { i -> [UInt64] in
      let k = UInt64(i)
      return [k, k << 48, k &* 0x9E37_79B9_7F4A_7C15 | 1 << 63]
    }
    for key in keys { cache.insert(key ^ 0x5555, for: key) }
    #expect(cache.count == keys.count)
    #expect(keys.allSatisfy { cache[$0] == $0 ^ 0x5555 })
    #expect(cache[3001] == nil && cache[3001 << 48] == nil)
  }

  @Test func aBoundedCacheNeverCachesItsEmptySlotKey() {
    var cache = BoundedCache<Int>(entryLimit: 4)
    cache.insert(1, for: .max)
    #expect(cache.count == 0 && cache[.max] == nil)
    cache.insert(2, for: 0)
    #expect(cache[.max] == nil && cache[0] == 2)
  }

  @Test func manyDistinctWordsKeepTheLayoutCachesWithinTheirLimits() {
    let fonts = FontSystem(fallbacks: [])
    // 6,000 distinct words of the Latin-1 and Latin Extended letters: more shaped words than the limit,
    // and more glyphs in them than the glyph limit of the word cache.
    let letters = (0x0C0...0x24F).compactMap { Unicode.Scalar($0).map(Character.init) }
    var glyphs = 0
    for i in 0..<6000 {
      let word = String((0..<6).map { letters[(i * 7 + $0 * 31 + i / 400) % letters.count] }) + "\(i)"
      #expect(fonts.advance(of: word, font: .system(size: 12)) > 0)
      glyphs += word.count
    }
    #expect(glyphs > FontSystem.layoutCacheLimit)
    let (words, wordGlyphs, characters) = fonts.state.withLock {
      ($0.words.count, $0.words.cost, $0.charmap.count)
    }
    #expect(words > 0 && words <= FontSystem.wordCacheLimit)
    #expect(wordGlyphs > 0 && wordGlyphs <= FontSystem.layoutCacheLimit)
    #expect(characters > 0 && characters <= FontSystem.layoutCacheLimit)
  }

  @Test func aWordShapedOnceServesEverySize() {
    let fonts = FontSystem(fallbacks: [])
    let widths = stride(from: 6.0, to: 56, by: 0.125).map {
      fonts.advance(of: "Settings", font: .system(size: $0))
    }
    #expect(fonts.state.withLock { $0.words.count } == 1)
    // The width scales with the size (unhinted advances, kerning included).
    #expect(abs(widths[8] / widths[0] - 7.0 / 6.0) < 1e-9)
  }

  @Test func manyDistinctGlyphImagesKeepTheGlyphAndOutlineCachesWithinTheirLimits() {
    let fonts = FontSystem(fallbacks: [])
    let text = String((0x21...0x7E).map { Character(Unicode.Scalar($0)!) })
    // Small sizes pass the image limit; large ones pass the byte limit.
    var images = 0
    var bytes = 0
    for size in stride(from: 5.0, to: 18, by: 0.125) {
      fonts.forEachGlyph(in: text, font: .system(size: size), pixelSize: size, start: 0) { image, _, _ in
        guard case .coverage(let bitmap) = image else { return }
        images += 1
        bytes += bitmap.coverage.count
      }
    }
    for size in stride(from: 400.0, to: 700, by: 60) {
      fonts.forEachGlyph(in: text, font: .system(size: size), pixelSize: size, start: 0) { image, _, _ in
        guard case .coverage(let bitmap) = image else { return }
        images += 1
        bytes += bitmap.coverage.count
      }
    }
    #expect(images > FontSystem.glyphCacheLimit)
    #expect(bytes > FontSystem.glyphCacheByteLimit)
    let (count, cost) = fonts.state.withLock { ($0.glyphs.count, $0.glyphs.cost) }
    #expect(count > 0 && count <= FontSystem.glyphCacheLimit)
    #expect(cost > 0 && cost <= FontSystem.glyphCacheByteLimit)
    // Every image was of another glyph or size, so needed its own hinted outline: more than the limit.
    let (outlines, outlineBytes) = fonts.state.withLock { ($0.outlines.count, $0.outlines.cost) }
    #expect(images > FontSystem.outlineCacheLimit)
    #expect(outlines > 0 && outlines <= FontSystem.outlineCacheLimit)
    #expect(outlineBytes > 0 && outlineBytes <= FontSystem.outlineCacheByteLimit)
  }
}
