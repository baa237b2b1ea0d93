/* switch: fallthrough, default in the middle, nested switches, switch on chars and longs. */
#include <stdio.h>
#include <stdlib.h>

static int days_before(int month)
{
    int days = 0;
    switch (month) {
    case 12: days += 30; /* fall through */
    case 11: days += 31; /* fall through */
    case 10: days += 30; /* fall through */
    case 9: days += 31; /* fall through */
    case 8: days += 31; /* fall through */
    case 7: days += 30; /* fall through */
    case 6: days += 31; /* fall through */
    case 5: days += 30; /* fall through */
    case 4: days += 31; /* fall through */
    case 3: days += 28; /* fall through */
    case 2: days += 31; /* fall through */
    case 1: break;
    default: days = -1;
    }
    return days;
}

static const char *classify(int v)
{
    const char *r = "?";
    switch (v % 4) {
    case 0:
        r = "zero";
        break;
    default:
        r = "other";
        /* fall through */
    case 2:
        if (v % 4 == 2)
            r = "two";
        break;
    case 3:
        r = "three";
    }
    return r;
}

static int nested(char a, char b)
{
    int score = 0;
    switch (a) {
    case 'x':
        switch (b) {
        case 'x': score = 1; break;
        case 'y': score = 2; break;
        default: score = 3;
        }
        score *= 10;
        break;
    case 'y':
        switch (b) {
        case 'x': score = 4; /* fall through */
        case 'y': score += 5; break;
        }
        break;
    default:
        score = -1;
        break;
    }
    return score;
}

static int duff_sum(const int *p, int count)
{
    int sum = 0;
    int n = (count + 3) / 4;
    if (count == 0)
        return 0;
    switch (count % 4) {
    case 0:
        do {
            sum += *p++; /* fall through */
        case 3:
            sum += *p++; /* fall through */
        case 2:
            sum += *p++; /* fall through */
        case 1:
            sum += *p++;
        } while (--n > 0);
    }
    return sum;
}

int main(int argc, char **argv)
{
    for (int m = 0; m <= 13; m += 1)
        printf("%d:%d ", m, days_before(m));
    printf("\n");
    for (int v = 0; v < 9; v++)
        printf("%s ", classify(v));
    printf("\n");
    const char pairs[] = "xxxyxzyxyyyzzx";
    for (int i = 0; pairs[i] && pairs[i + 1]; i += 2)
        printf("%c%c=%d ", pairs[i], pairs[i + 1], nested(pairs[i], pairs[i + 1]));
    printf("\n");
    int data[11] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11};
    for (int c = 0; c <= 11; c++)
        printf("%d ", duff_sum(data, c));
    printf("\n");
    long big = argc > 1 ? atol(argv[1]) : 5000000000L;
    switch (big) {
    case 5000000000L: puts("five billion"); break;
    case -1: puts("minus one"); break;
    case 0: puts("zero");
    /* fall through */
    default: puts("something else");
    }
    unsigned char uc = (unsigned char)big;
    switch (uc) {
    case 255: puts("uc 255"); break;
    case 0: puts("uc 0"); break;
    default: printf("uc %d\n", uc);
    }
    switch (argc) default: puts("switch without braces");
    switch (argc) {
    }
    return 0;
}
