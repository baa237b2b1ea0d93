#include <stdio.h>
#include "strutil.h"

/* A small test framework: TEST(name) defines a test, EXPECT(cond) checks. */
static const char *current;
static int checks, failed;

#define TEST(name) static void name(void)
#define EXPECT(cond)                                    \
    do {                                                \
        checks++;                                       \
        if (!(cond)) {                                  \
            printf("%s: FAIL %s\n", current, #cond);    \
            failed++;                                   \
        }                                               \
    } while (0)

TEST(words)
{
    EXPECT(count_words("one two  three") == 3);
    EXPECT(count_words("") == 0);
}

TEST(prefix)
{
    EXPECT(starts_with("config.ini", "config"));
    EXPECT(starts_with("config", "config"));
    EXPECT(!starts_with("con", "config"));
}

TEST(trim)
{
    EXPECT(trim_len("abc  ") == 3);
}

static const struct {
    const char *name;
    void (*fn)(void);
} tests[] = {{"words", words}, {"prefix", prefix}, {"trim", trim}};

int main(void)
{
    for (size_t i = 0; i < sizeof tests / sizeof tests[0]; i++) {
        current = tests[i].name;
        tests[i].fn();
    }
    printf("%d/%d checks passed\n", checks - failed, checks);
    return failed != 0;
}
