#include <stdio.h>
#include "kv.h"

static int failures;

#define CHECK_EQ(got, want)                                                  \
    do {                                                                     \
        int got_ = (got);                                                    \
        if (got_ != (want)) {                                                \
            printf("FAIL line %d: got %d, want %d\n", __LINE__, got_, want); \
            failures++;                                                      \
        }                                                                    \
    } while (0)

static void test_clamp(void)
{
    CHECK_EQ(clamp(5, 0, 10), 5);
    CHECK_EQ(clamp(-3, 0, 10), 0);
    CHECK_EQ(clamp(13, 0, 10), 10);
}

static void test_kv(void)
{
    CHECK_EQ(kv_value("a=7", 'a'), 7);
    CHECK_EQ(kv_value("b=49", 'b'), 49);
    CHECK_EQ(kv_value("c7", 'c'), -1);
}

int main(void)
{
    test_clamp();
    test_kv();
    printf("%d failures\n", failures);
    return failures != 0;
}
