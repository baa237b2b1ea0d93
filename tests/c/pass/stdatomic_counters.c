/* C11 atomics in a program of one thread: counters in a test's allocator wrapper (as
   tidwall/btree.c's tests keep them), flags, exchange and compare-exchange. */
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>

static atomic_int total_allocs = 0;
static atomic_size_t total_mem = ATOMIC_VAR_INIT(0);
static atomic_flag once = ATOMIC_FLAG_INIT;

static void *counted_malloc(size_t n)
{
    atomic_fetch_add(&total_allocs, 1);
    atomic_fetch_add_explicit(&total_mem, n, memory_order_relaxed);
    return malloc(n);
}

static void counted_free(void *p, size_t n)
{
    atomic_fetch_sub(&total_allocs, 1);
    atomic_fetch_sub(&total_mem, n);
    free(p);
}

int main(void)
{
    void *a = counted_malloc(10), *b = counted_malloc(32);
    printf("allocs %d mem %zu\n", atomic_load(&total_allocs), (size_t)atomic_load(&total_mem));
    counted_free(a, 10);
    printf("allocs %d mem %zu\n", atomic_load(&total_allocs), (size_t)total_mem);
    counted_free(b, 32);

    atomic_uint bits = 0x0f;
    unsigned before = atomic_fetch_or(&bits, 0xf0u);
    unsigned mid = atomic_fetch_and(&bits, 0x3cu);
    unsigned last = atomic_fetch_xor_explicit(&bits, 0xffu, memory_order_seq_cst);
    printf("bits %#x %#x %#x -> %#x\n", before, mid, last, (unsigned)bits);

    atomic_long v = 5;
    long old = atomic_exchange(&v, 9);
    long expected = 4;
    _Bool swapped = atomic_compare_exchange_strong(&v, &expected, 11);
    printf("exchange %ld, cas %d (expected now %ld), v %ld\n", old, swapped, expected, (long)v);
    expected = 9;
    swapped = atomic_compare_exchange_weak(&v, &expected, 11);
    printf("cas %d, v %ld\n", swapped, atomic_load_explicit(&v, memory_order_acquire));

    _Bool first = atomic_flag_test_and_set(&once);
    _Bool second = atomic_flag_test_and_set(&once);
    atomic_flag_clear(&once);
    _Bool third = atomic_flag_test_and_set_explicit(&once, memory_order_relaxed);
    printf("flag %d %d %d\n", first, second, third);

    atomic_int x;
    atomic_init(&x, 40);
    atomic_store(&x, atomic_load(&x) + 2);
    atomic_thread_fence(memory_order_seq_cst);
    printf("x %d, lock-free %d, sizes %zu %zu %zu\n", (int)x, (int)atomic_is_lock_free(&x),
           sizeof(atomic_int), sizeof(atomic_llong), sizeof(atomic_bool));
    return total_allocs;
}
