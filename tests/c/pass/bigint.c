/* Arbitrary-precision signed integers with 32-bit limbs: parsing, printing, add, subtract,
   multiply, division with remainder (shift-subtract), power, gcd, factorial, Fibonacci.
   usage: bigint CMD ARGS...   CMD in: fact N | fib N | pow A N | add A B | sub A B | mul A B |
                                       div A B | gcd A B | table */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    uint32_t *d; /* little-endian limbs */
    int n;       /* limbs in use; 0 means zero */
    int cap;
    int neg;
} big;

static long allocations;

static void big_init(big *a)
{
    a->d = NULL;
    a->n = a->cap = 0;
    a->neg = 0;
}

static void big_free(big *a)
{
    free(a->d);
    big_init(a);
}

static void big_reserve(big *a, int cap)
{
    if (cap <= a->cap)
        return;
    a->d = realloc(a->d, sizeof(uint32_t) * (size_t)cap);
    for (int i = a->cap; i < cap; i++)
        a->d[i] = 0;
    a->cap = cap;
    allocations++;
}

static void big_trim(big *a)
{
    while (a->n > 0 && a->d[a->n - 1] == 0)
        a->n--;
    if (a->n == 0)
        a->neg = 0;
}

static void big_set_u64(big *a, uint64_t v)
{
    big_reserve(a, 2);
    a->d[0] = (uint32_t)v;
    a->d[1] = (uint32_t)(v >> 32);
    a->n = 2;
    a->neg = 0;
    big_trim(a);
}

static void big_copy(big *dst, const big *src)
{
    big_reserve(dst, src->n);
    if (src->n)
        memcpy(dst->d, src->d, sizeof(uint32_t) * (size_t)src->n);
    dst->n = src->n;
    dst->neg = src->neg;
}

static int cmp_abs(const big *a, const big *b)
{
    if (a->n != b->n)
        return a->n < b->n ? -1 : 1;
    for (int i = a->n - 1; i >= 0; i--)
        if (a->d[i] != b->d[i])
            return a->d[i] < b->d[i] ? -1 : 1;
    return 0;
}

/* r = |a| + |b| (r may alias a or b) */
static void add_abs(big *r, const big *a, const big *b)
{
    int n = (a->n > b->n ? a->n : b->n) + 1;
    uint32_t *tmp = calloc((size_t)n, sizeof(uint32_t));
    uint64_t carry = 0;
    for (int i = 0; i < n; i++) {
        uint64_t s = carry;
        if (i < a->n)
            s += a->d[i];
        if (i < b->n)
            s += b->d[i];
        tmp[i] = (uint32_t)s;
        carry = s >> 32;
    }
    big_reserve(r, n);
    memcpy(r->d, tmp, sizeof(uint32_t) * (size_t)n);
    r->n = n;
    free(tmp);
}

/* r = |a| - |b|, requires |a| >= |b| */
static void sub_abs(big *r, const big *a, const big *b)
{
    int n = a->n;
    uint32_t *tmp = calloc((size_t)(n ? n : 1), sizeof(uint32_t));
    int64_t borrow = 0;
    for (int i = 0; i < n; i++) {
        int64_t s = (int64_t)a->d[i] - borrow - (i < b->n ? (int64_t)b->d[i] : 0);
        borrow = s < 0;
        if (s < 0)
            s += (int64_t)1 << 32;
        tmp[i] = (uint32_t)s;
    }
    big_reserve(r, n);
    if (n)
        memcpy(r->d, tmp, sizeof(uint32_t) * (size_t)n);
    r->n = n;
    free(tmp);
}

static void big_add(big *r, const big *a, const big *b)
{
    int an = a->neg, bn = b->neg;
    if (an == bn) {
        add_abs(r, a, b);
        r->neg = an;
    } else if (cmp_abs(a, b) >= 0) {
        sub_abs(r, a, b);
        r->neg = an;
    } else {
        sub_abs(r, b, a);
        r->neg = bn;
    }
    big_trim(r);
}

static void big_sub(big *r, const big *a, const big *b)
{
    big nb = *b;
    nb.neg = !b->neg;
    big_add(r, a, &nb);
}

static void big_mul(big *r, const big *a, const big *b)
{
    int n = a->n + b->n;
    uint32_t *tmp = calloc((size_t)(n ? n : 1), sizeof(uint32_t));
    for (int i = 0; i < a->n; i++) {
        uint64_t carry = 0;
        for (int j = 0; j < b->n; j++) {
            uint64_t cur = (uint64_t)a->d[i] * b->d[j] + tmp[i + j] + carry;
            tmp[i + j] = (uint32_t)cur;
            carry = cur >> 32;
        }
        for (int k = i + b->n; carry; k++) {
            uint64_t cur = (uint64_t)tmp[k] + carry;
            tmp[k] = (uint32_t)cur;
            carry = cur >> 32;
        }
    }
    int neg = a->neg != b->neg;
    big_reserve(r, n);
    if (n)
        memcpy(r->d, tmp, sizeof(uint32_t) * (size_t)n);
    r->n = n;
    r->neg = neg;
    free(tmp);
    big_trim(r);
}

/* a = a * m + add, for small m */
static void big_mul_small(big *a, uint32_t m, uint32_t add)
{
    uint64_t carry = add;
    for (int i = 0; i < a->n; i++) {
        uint64_t cur = (uint64_t)a->d[i] * m + carry;
        a->d[i] = (uint32_t)cur;
        carry = cur >> 32;
    }
    if (carry) {
        big_reserve(a, a->n + 1);
        a->d[a->n++] = (uint32_t)carry;
    }
}

/* a = a / m, returns remainder */
static uint32_t big_div_small(big *a, uint32_t m)
{
    uint64_t rem = 0;
    for (int i = a->n - 1; i >= 0; i--) {
        uint64_t cur = (rem << 32) | a->d[i];
        a->d[i] = (uint32_t)(cur / m);
        rem = cur % m;
    }
    big_trim(a);
    return (uint32_t)rem;
}

static int bit_length(const big *a)
{
    if (a->n == 0)
        return 0;
    int bits = (a->n - 1) * 32;
    uint32_t top = a->d[a->n - 1];
    while (top) {
        bits++;
        top >>= 1;
    }
    return bits;
}

static void shl1_or(big *a, int bit)
{
    uint32_t carry = (uint32_t)bit;
    for (int i = 0; i < a->n; i++) {
        uint32_t next = a->d[i] >> 31;
        a->d[i] = (a->d[i] << 1) | carry;
        carry = next;
    }
    if (carry) {
        big_reserve(a, a->n + 1);
        a->d[a->n++] = carry;
    }
}

/* truncating division like C: q = a / b, r = a % b; returns 0 on division by zero */
static int big_divmod(big *q, big *r, const big *a, const big *b)
{
    if (b->n == 0)
        return 0;
    big rem, quo, babs = *b;
    babs.neg = 0;
    big_init(&rem);
    big_init(&quo);
    big_reserve(&quo, a->n ? a->n : 1);
    quo.n = a->n;
    for (int i = bit_length(a) - 1; i >= 0; i--) {
        shl1_or(&rem, (int)((a->d[i / 32] >> (i % 32)) & 1u));
        big_trim(&rem);
        if (cmp_abs(&rem, &babs) >= 0) {
            sub_abs(&rem, &rem, &babs);
            big_trim(&rem);
            quo.d[i / 32] |= 1u << (i % 32);
        }
    }
    quo.neg = a->neg != b->neg;
    rem.neg = a->neg;
    big_trim(&quo);
    big_trim(&rem);
    big_copy(q, &quo);
    big_copy(r, &rem);
    big_free(&quo);
    big_free(&rem);
    return 1;
}

static int big_parse(big *a, const char *s)
{
    int neg = 0;
    if (*s == '-' || *s == '+')
        neg = *s++ == '-';
    if (!*s)
        return 0;
    big_set_u64(a, 0);
    big_reserve(a, 1);
    for (; *s; s++) {
        if (*s < '0' || *s > '9')
            return 0;
        if (a->n == 0) {
            a->d[0] = 0;
            a->n = 1;
        }
        big_mul_small(a, 10, (uint32_t)(*s - '0'));
        big_trim(a);
    }
    a->neg = neg;
    big_trim(a);
    return 1;
}

static char *big_to_string(const big *a)
{
    big t;
    big_init(&t);
    big_copy(&t, a);
    size_t cap = (size_t)a->n * 10 + 3, len = 0;
    char *buf = malloc(cap);
    if (t.n == 0)
        buf[len++] = '0';
    while (t.n > 0) {
        uint32_t chunk = big_div_small(&t, 1000000000u);
        for (int k = 0; k < 9 && (t.n > 0 || chunk > 0); k++) {
            buf[len++] = (char)('0' + chunk % 10);
            chunk /= 10;
        }
    }
    if (a->neg)
        buf[len++] = '-';
    buf[len] = '\0';
    for (size_t i = 0; i < len / 2; i++) {
        char c = buf[i];
        buf[i] = buf[len - 1 - i];
        buf[len - 1 - i] = c;
    }
    big_free(&t);
    return buf;
}

static void print_big(const char *label, const big *a)
{
    char *s = big_to_string(a);
    size_t len = strlen(s);
    if (len > 80)
        printf("%s = %.30s...%s (%zu digits)\n", label, s, s + len - 30, len - (a->neg ? 1 : 0));
    else
        printf("%s = %s\n", label, s);
    free(s);
}

static void big_pow(big *r, const big *base, unsigned e)
{
    big b, acc;
    big_init(&b);
    big_init(&acc);
    big_copy(&b, base);
    big_set_u64(&acc, 1);
    while (e) {
        if (e & 1)
            big_mul(&acc, &acc, &b);
        e >>= 1;
        if (e)
            big_mul(&b, &b, &b);
    }
    big_copy(r, &acc);
    big_free(&b);
    big_free(&acc);
}

static void big_gcd(big *r, const big *a, const big *b)
{
    big x, y, q, m;
    big_init(&x);
    big_init(&y);
    big_init(&q);
    big_init(&m);
    big_copy(&x, a);
    big_copy(&y, b);
    x.neg = y.neg = 0;
    while (y.n > 0) {
        big_divmod(&q, &m, &x, &y);
        big_copy(&x, &y);
        big_copy(&y, &m);
    }
    big_copy(r, &x);
    big_free(&x);
    big_free(&y);
    big_free(&q);
    big_free(&m);
}

static int need(int argc, int n)
{
    if (argc < n) {
        fprintf(stderr, "bigint: missing arguments\n");
        exit(2);
    }
    return 1;
}

int main(int argc, char **argv)
{
    big a, b, r, m;
    big_init(&a);
    big_init(&b);
    big_init(&r);
    big_init(&m);
    const char *cmd = argc > 1 ? argv[1] : "table";
    int status = 0;
    if (strcmp(cmd, "fact") == 0 && need(argc, 3)) {
        int n = atoi(argv[2]);
        big_set_u64(&r, 1);
        for (int i = 2; i <= n; i++)
            big_mul_small(&r, (uint32_t)i, 0);
        char label[32];
        snprintf(label, sizeof label, "%d!", n);
        print_big(label, &r);
    } else if (strcmp(cmd, "fib") == 0 && need(argc, 3)) {
        int n = atoi(argv[2]);
        big_set_u64(&a, 0);
        big_set_u64(&b, 1);
        for (int i = 0; i < n; i++) {
            big_add(&r, &a, &b);
            big_copy(&a, &b);
            big_copy(&b, &r);
        }
        char label[32];
        snprintf(label, sizeof label, "fib(%d)", n);
        print_big(label, &a);
    } else if (strcmp(cmd, "table") == 0) {
        big_set_u64(&a, 1);
        for (int i = 1; i <= 30; i++) {
            big_mul_small(&a, 7, 0);
            if (i % 5 == 0) {
                char label[16];
                snprintf(label, sizeof label, "7^%d", i);
                print_big(label, &a);
            }
        }
        big_set_u64(&b, UINT64_MAX);
        big_mul(&r, &b, &b);
        print_big("(2^64-1)^2", &r);
    } else if (need(argc, 4) && big_parse(&a, argv[2]) &&
               (strcmp(cmd, "pow") == 0 || big_parse(&b, argv[3]))) {
        if (strcmp(cmd, "pow") == 0) {
            big_pow(&r, &a, (unsigned)atoi(argv[3]));
            print_big("pow", &r);
        } else if (strcmp(cmd, "add") == 0) {
            big_add(&r, &a, &b);
            print_big("sum", &r);
        } else if (strcmp(cmd, "sub") == 0) {
            big_sub(&r, &a, &b);
            print_big("difference", &r);
        } else if (strcmp(cmd, "mul") == 0) {
            big_mul(&r, &a, &b);
            print_big("product", &r);
        } else if (strcmp(cmd, "div") == 0) {
            if (!big_divmod(&r, &m, &a, &b)) {
                fprintf(stderr, "bigint: division by zero\n");
                status = 3;
            } else {
                print_big("quotient", &r);
                print_big("remainder", &m);
                big_mul(&b, &b, &r);
                big_add(&b, &b, &m);
                printf("check: %s\n", cmp_abs(&a, &b) == 0 && a.neg == b.neg ? "ok" : "FAILED");
            }
        } else if (strcmp(cmd, "gcd") == 0) {
            big_gcd(&r, &a, &b);
            print_big("gcd", &r);
        } else {
            fprintf(stderr, "bigint: unknown command %s\n", cmd);
            status = 2;
        }
    } else {
        fprintf(stderr, "bigint: bad number\n");
        status = 4;
    }
    printf("allocations: %s\n", allocations > 0 ? "some" : "none");
    big_free(&a);
    big_free(&b);
    big_free(&r);
    big_free(&m);
    return status;
}
