/* Wide and prefixed string literals: L"..." (wchar_t, a 4-byte int), concatenation
   (a plain part takes the wide prefix), escapes, UTF-8 source characters, u8/u/U,
   sizeof, arrays completed and padded by a literal, static and local, in structs;
   printf's %ls and %lc; wcscat wcschr wcsrchr wcsncmp wcsncpy. */
#include <stdio.h>
#include <wchar.h>
#include <stddef.h>

static const wchar_t *greet = L"hello, " L"world";
static wchar_t table[][6] = {L"ab", L"\x41\102c", L"\xe9t\351"};
static const char u8s[] = u8"caf" "\xc3\xa9";

struct named { wchar_t name[8]; int id; };
static struct named items[] = { { L"one", 1 }, { L"two", 2 } };

int main(void)
{
    wchar_t s[] = L"wide";
    wchar_t big[10] = L"z";
    const wchar_t *p = L"ptr" "-mixed";
    printf("sizeof L\"ab\" %zu, s %zu, big %zu\n", sizeof(L"ab"), sizeof s, sizeof big);
    printf("wcslen %zu %zu %zu\n", wcslen(s), wcslen(greet), wcslen(p));
    for (size_t i = 0; i < wcslen(greet); i++)
        putchar((int)greet[i]);
    putchar('\n');
    for (int i = 0; i < 3; i++) {
        printf("row %d:", i);
        for (int j = 0; j < 6; j++)
            printf(" %d", table[i][j]);
        printf("\n");
    }
    for (int j = 0; j < 10; j++)
        printf("%d ", big[j]);
    printf("\n");
    printf("chars %d %d %d %d\n", L'x', L'\x1234', L'\351', L'\0');
    printf("u8 %zu:", sizeof u8s);
    for (size_t i = 0; i < sizeof u8s; i++)
        printf(" %02x", (unsigned char)u8s[i]);
    printf("\n");
    printf("items %d %d %zu\n", items[1].name[1], items[0].id, wcslen(items[1].name));
    printf("cmp %d %d\n", wcscmp(L"abc", L"abd") < 0, wcscmp(s, L"wide"));
    printf("esc %d %d %d\n", L"\n"[0], L"\377"[0], (int)sizeof(L"\x12345678"));
    const char *n = "\xc3\xa9";
    for (; *n; n++)
        printf("%02x", (unsigned char)*n);
    printf("\n");
    const wchar_t *acc = L"é€😀";
    printf("utf8 %d %d %d %zu\n", acc[0], acc[1], acc[2], wcslen(acc));
    printf("neg %d\n", L"\xffffffff"[0]);
    unsigned short h[] = u"h\xe9😀";
    unsigned int w32[] = U"\xe9z";
    printf("u16 %zu: %d %d %d %d; u32 %zu: %u %u\n", sizeof h, h[0], h[1], h[2], h[3],
           sizeof w32, w32[0], w32[1]);
    wchar_t buf[16] = L"ab";
    wcscat(buf, L"cab");
    const wchar_t *c1 = wcschr(buf, L'b'), *c2 = wcsrchr(buf, L'b');
    printf("wcs %ls %td %td %d %d %d\n", buf, c1 - buf, c2 - buf, wcschr(buf, L'z') == 0,
           wcschr(buf, 0) == buf + 5, wcsrchr(buf, L'q') == 0);
    printf("wcsncmp %d %d %d\n", wcsncmp(buf, L"abx", 2), wcsncmp(buf, L"abx", 3) < 0,
           wcsncmp(L"b", L"a", 0));
    wchar_t pad[6];
    wcsncpy(pad, L"xy", 6);
    printf("wcsncpy %d %d %d %d\n", pad[0], pad[2], pad[5], wcsncpy(pad, L"longer", 3) == pad);
    const wchar_t *none = 0;
    printf("[%ls] [%5.2ls] [%lc] [%-3lc] [%ls] [%.3ls]\n", L"wide", L"abc", L'q', (wint_t)L'z',
           none, none);
    return 0;
}
