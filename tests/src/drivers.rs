//! Programs that use the corpus's libraries, each printing what a change
//! in the library's behaviour would change: the legacy project tests
//! build them against the original and the transformed library, and the
//! scaling bench isolates each library with its driver as one program
//! (`--program`).

/// Compresses a buffer with zlib's one-shot and streaming interfaces,
/// writes and reads back a gzip file (its path is the first argument), and
/// prints what a change in behaviour would change: lengths, checksums,
/// round-trip equality.
pub const ZLIB_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "zlib.h"

int main(int argc, char **argv)
{
    static unsigned char text[20000], packed[30000], unpacked[20000];
    unsigned long i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (unsigned char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    uLongf packed_len = sizeof packed, unpacked_len = sizeof unpacked;
    int level;
    for (level = 1; level <= 9; level += 4) {
        packed_len = sizeof packed;
        unpacked_len = sizeof unpacked;
        if (compress2(packed, &packed_len, text, sizeof text, level) != Z_OK)
            return 1;
        if (uncompress(unpacked, &unpacked_len, packed, packed_len) != Z_OK)
            return 2;
        printf("level %d: %lu bytes, crc %08lx, same %d\n", level, (unsigned long)packed_len,
               crc32(0L, packed, packed_len), memcmp(text, unpacked, sizeof text) == 0);
    }
    printf("adler32 %08lx crc32 %08lx\n", adler32(1L, text, sizeof text),
           crc32(0L, text, sizeof text));
    z_stream s;
    memset(&s, 0, sizeof s);
    if (deflateInit2(&s, 6, Z_DEFLATED, 15 + 16, 8, Z_FILTERED) != Z_OK)
        return 3;
    s.next_in = text;
    s.avail_in = sizeof text;
    s.next_out = packed;
    s.avail_out = sizeof packed;
    while (deflate(&s, Z_FINISH) != Z_STREAM_END)
        ;
    printf("stream: %lu bytes\n", s.total_out);
    deflateEnd(&s);
    if (argc > 1) {
        gzFile f = gzopen(argv[1], "wb9");
        gzwrite(f, text, sizeof text);
        gzprintf(f, "%s %d\n", "end", 42);
        gzclose(f);
        f = gzopen(argv[1], "rb");
        int n = gzread(f, unpacked, sizeof unpacked);
        char line[32] = {0};
        gzgets(f, line, sizeof line);
        gzclose(f);
        printf("gz: %d bytes, same %d, tail %s", n, memcmp(text, unpacked, sizeof text) == 0,
               line);
    }
    return 0;
}
"#;

/// Runs a Lua script through the C API: the interpreter's core (parser,
/// code generator, virtual machine, collector) and the standard libraries.
pub const LUA_DRIVER: &str = r#"#include <stdio.h>
#include "lua.h"
#include "lauxlib.h"
#include "lualib.h"

static const char script[] =
    "local t = {}\n"
    "for i = 1, 200 do t[i] = (i * 7919) % 211 end\n"
    "table.sort(t, function(a, b) return a > b end)\n"
    "print(t[1], t[100], t[200], #t)\n"
    "local s = string.format('%5.2f|%d|%s|%q', math.pi, 7 // 2, 'x', 'a\\nb')\n"
    "print(s, ('ferry'):rep(3, '-'):upper())\n"
    "print(('a1b22c333'):gsub('%d+', function(d) return '<' .. #d .. '>' end))\n"
    "local co = coroutine.wrap(function(a) for i = 1, 3 do a = coroutine.yield(a * i) end end)\n"
    "print(co(2), co(5), co(7))\n"
    "local ok, e = pcall(error, {code = 42}) print(ok, e.code, select('#', pcall(error)))\n"
    "local fib; fib = function(n) if n < 2 then return n end return fib(n-1) + fib(n-2) end\n"
    "print(fib(20), 2^53, math.maxinteger // 3, 7.5 % 2, utf8.char(233, 8364))\n"
    "local parts = {} for w in ('one two  three'):gmatch('%a+') do parts[#parts+1] = w end\n"
    "print(table.concat(parts, ','), tostring(nil), tonumber('0x1p4'), #string.rep('ab', 1000))\n"
    "collectgarbage() print(type(collectgarbage('count')))\n";

int main(void)
{
    lua_State *L = luaL_newstate();
    luaL_openlibs(L);
    if (luaL_dostring(L, script) != LUA_OK) {
        printf("error: %s\n", lua_tostring(L, -1));
        return 1;
    }
    lua_close(L);
    return 0;
}
"#;

/// Compresses and decompresses a buffer with bzip2's one-shot interface
/// at three block sizes, in both decompression modes, and writes and reads
/// back a `.bz2` file (its path is the first argument).
pub const BZIP2_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "bzlib.h"

int main(int argc, char **argv)
{
    static char text[60000], packed[70000], unpacked[60000];
    unsigned i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    int level;
    for (level = 1; level <= 9; level += 4) {
        unsigned packed_len = sizeof packed, unpacked_len = sizeof unpacked;
        if (BZ2_bzBuffToBuffCompress(packed, &packed_len, text, sizeof text, level, 0, 30) != BZ_OK)
            return 1;
        if (BZ2_bzBuffToBuffDecompress(unpacked, &unpacked_len, packed, packed_len, level == 5, 0)
            != BZ_OK)
            return 2;
        unsigned long sum = 0;
        for (i = 0; i < packed_len; i++)
            sum = (sum * 31 + (unsigned char)packed[i]) % 1000000007UL;
        printf("level %d: %u bytes, sum %lu, same %d\n", level, packed_len, sum,
               unpacked_len == sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    }
    if (argc > 1) {
        int error;
        FILE *f = fopen(argv[1], "wb");
        BZFILE *b = BZ2_bzWriteOpen(&error, f, 9, 0, 0);
        BZ2_bzWrite(&error, b, text, sizeof text);
        unsigned in_lo, out_lo;
        BZ2_bzWriteClose(&error, b, 0, &in_lo, &out_lo);
        fclose(f);
        f = fopen(argv[1], "rb");
        b = BZ2_bzReadOpen(&error, f, 0, 0, NULL, 0);
        int n = BZ2_bzRead(&error, b, unpacked, sizeof unpacked);
        BZ2_bzReadClose(&error, b);
        fclose(f);
        printf("file: %u in, %u out, %d read, same %d\n", in_lo, out_lo, n,
               memcmp(text, unpacked, sizeof text) == 0);
    }
    return 0;
}
"#;

/// Compresses and decompresses a buffer with LZ4's block (fast and HC)
/// and frame interfaces.
pub const LZ4_DRIVER: &str = r#"#include <stdio.h>
#include <string.h>
#include "lz4.h"
#include "lz4hc.h"
#include "lz4frame.h"

static unsigned long sum(const char *p, size_t n)
{
    unsigned long s = 0;
    size_t i;
    for (i = 0; i < n; i++)
        s = (s * 31 + (unsigned char)p[i]) % 1000000007UL;
    return s;
}

int main(void)
{
    static char text[60000], packed[80000], unpacked[60000];
    unsigned i;
    for (i = 0; i < sizeof text; i++)
        text[i] = (char)("ferry moves arrays "[i % 19] + (i / 977) % 3);
    int n = LZ4_compress_default(text, packed, sizeof text, sizeof packed);
    int m = LZ4_decompress_safe(packed, unpacked, n, sizeof unpacked);
    printf("fast: %d bytes, sum %lu, same %d\n", n, sum(packed, n),
           m == (int)sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    int level;
    for (level = 3; level <= 12; level += 9) {
        n = LZ4_compress_HC(text, packed, sizeof text, sizeof packed, level);
        m = LZ4_decompress_safe(packed, unpacked, n, sizeof unpacked);
        printf("hc %d: %d bytes, sum %lu, same %d\n", level, n, sum(packed, n),
               m == (int)sizeof text && memcmp(text, unpacked, sizeof text) == 0);
    }
    size_t framed = LZ4F_compressFrame(packed, sizeof packed, text, sizeof text, NULL);
    LZ4F_dctx *d;
    LZ4F_createDecompressionContext(&d, LZ4F_VERSION);
    size_t out = sizeof unpacked, in = framed;
    LZ4F_decompress(d, unpacked, &out, packed, &in, NULL);
    LZ4F_freeDecompressionContext(d);
    printf("frame: %zu bytes, sum %lu, %zu out, same %d\n", framed, sum(packed, framed), out,
           memcmp(text, unpacked, sizeof text) == 0);
    return 0;
}
"#;

/// Encodes a synthetic RGB picture (its width the first argument) with
/// libwebp, lossy and lossless, decodes each, and prints the sizes and
/// checksums of all four. A file of its own, which `scripts/gpu_bundle.sh`
/// carries to the GPU machine too.
pub const WEBP_DRIVER: &str = include_str!("../c/drivers/webp.c");
