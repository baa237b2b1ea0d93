#ifndef _REGCAUSE_STDATOMIC_H
#define _REGCAUSE_STDATOMIC_H

/* C11 atomics for a run of one thread (a run has one: pthread calls are unsupported):
   each operation is the plain one it stands for, the memory order evaluated and
   ignored. The atomic types are their plain types, which gcc gives the same size and
   alignment on x86-64. The `_Atomic` keyword itself is unsupported, and so is the
   arithmetic of atomic_fetch_add/sub on a pointer (gcc's adds bytes, not elements):
   the multiplication by 0 below refuses a pointer at load time. */
#include <stddef.h>
#include <stdint.h>

typedef enum {
  memory_order_relaxed,
  memory_order_consume,
  memory_order_acquire,
  memory_order_release,
  memory_order_acq_rel,
  memory_order_seq_cst
} memory_order;

typedef _Bool atomic_bool;
typedef char atomic_char;
typedef signed char atomic_schar;
typedef unsigned char atomic_uchar;
typedef short atomic_short;
typedef unsigned short atomic_ushort;
typedef int atomic_int;
typedef unsigned int atomic_uint;
typedef long atomic_long;
typedef unsigned long atomic_ulong;
typedef long long atomic_llong;
typedef unsigned long long atomic_ullong;
typedef uint_least16_t atomic_char16_t;
typedef uint_least32_t atomic_char32_t;
typedef int atomic_wchar_t;
typedef int_least8_t atomic_int_least8_t;
typedef uint_least8_t atomic_uint_least8_t;
typedef int_least16_t atomic_int_least16_t;
typedef uint_least16_t atomic_uint_least16_t;
typedef int_least32_t atomic_int_least32_t;
typedef uint_least32_t atomic_uint_least32_t;
typedef int_least64_t atomic_int_least64_t;
typedef uint_least64_t atomic_uint_least64_t;
typedef int_fast8_t atomic_int_fast8_t;
typedef uint_fast8_t atomic_uint_fast8_t;
typedef int_fast16_t atomic_int_fast16_t;
typedef uint_fast16_t atomic_uint_fast16_t;
typedef int_fast32_t atomic_int_fast32_t;
typedef uint_fast32_t atomic_uint_fast32_t;
typedef int_fast64_t atomic_int_fast64_t;
typedef uint_fast64_t atomic_uint_fast64_t;
typedef intptr_t atomic_intptr_t;
typedef uintptr_t atomic_uintptr_t;
typedef size_t atomic_size_t;
typedef ptrdiff_t atomic_ptrdiff_t;
typedef intmax_t atomic_intmax_t;
typedef uintmax_t atomic_uintmax_t;

typedef struct { _Bool _set; } atomic_flag;
#define ATOMIC_FLAG_INIT { 0 }
#define ATOMIC_VAR_INIT(v) (v)

#define ATOMIC_BOOL_LOCK_FREE 2
#define ATOMIC_CHAR_LOCK_FREE 2
#define ATOMIC_CHAR16_T_LOCK_FREE 2
#define ATOMIC_CHAR32_T_LOCK_FREE 2
#define ATOMIC_WCHAR_T_LOCK_FREE 2
#define ATOMIC_SHORT_LOCK_FREE 2
#define ATOMIC_INT_LOCK_FREE 2
#define ATOMIC_LONG_LOCK_FREE 2
#define ATOMIC_LLONG_LOCK_FREE 2
#define ATOMIC_POINTER_LOCK_FREE 2

#define kill_dependency(y) (y)
#define atomic_thread_fence(mo) ((void)(mo))
#define atomic_signal_fence(mo) ((void)(mo))
#define atomic_is_lock_free(p) ((void)(p), (_Bool)1)

#define atomic_init(p, v) ((void)(*(p) = (v)))
#define atomic_store(p, v) ((void)(*(p) = (v)))
#define atomic_store_explicit(p, v, mo) ((void)(mo), atomic_store(p, v))
#define atomic_load(p) (*(p))
#define atomic_load_explicit(p, mo) ((void)(mo), atomic_load(p))

#define atomic_exchange(p, v)                                                  \
  ({                                                                           \
    __typeof__(*(p)) *__rc_p = (p);                                            \
    __typeof__(*__rc_p) __rc_old = *__rc_p;                                    \
    *__rc_p = (v);                                                             \
    __rc_old;                                                                  \
  })
#define atomic_exchange_explicit(p, v, mo) ((void)(mo), atomic_exchange(p, v))

#define atomic_compare_exchange_strong(p, e, d)                                \
  ({                                                                           \
    __typeof__(*(p)) *__rc_p = (p);                                            \
    __typeof__(*__rc_p) *__rc_e = (e);                                         \
    _Bool __rc_ok = *__rc_p == *__rc_e;                                        \
    if (__rc_ok)                                                               \
      *__rc_p = (d);                                                           \
    else                                                                       \
      *__rc_e = *__rc_p;                                                       \
    __rc_ok;                                                                   \
  })
/* gcc's weak form on x86-64 never fails spuriously. */
#define atomic_compare_exchange_weak(p, e, d) atomic_compare_exchange_strong(p, e, d)
#define atomic_compare_exchange_strong_explicit(p, e, d, s, f)                 \
  ((void)(s), (void)(f), atomic_compare_exchange_strong(p, e, d))
#define atomic_compare_exchange_weak_explicit(p, e, d, s, f)                   \
  ((void)(s), (void)(f), atomic_compare_exchange_strong(p, e, d))

#define __regcause_fetch(p, op, v)                                             \
  ({                                                                           \
    __typeof__(*(p)) *__rc_p = (p);                                            \
    __typeof__(*__rc_p) __rc_old = *__rc_p;                                    \
    (void)(__rc_old * 0);                                                      \
    *__rc_p = __rc_old op (v);                                                 \
    __rc_old;                                                                  \
  })
#define atomic_fetch_add(p, v) __regcause_fetch(p, +, v)
#define atomic_fetch_sub(p, v) __regcause_fetch(p, -, v)
#define atomic_fetch_or(p, v) __regcause_fetch(p, |, v)
#define atomic_fetch_xor(p, v) __regcause_fetch(p, ^, v)
#define atomic_fetch_and(p, v) __regcause_fetch(p, &, v)
#define atomic_fetch_add_explicit(p, v, mo) ((void)(mo), atomic_fetch_add(p, v))
#define atomic_fetch_sub_explicit(p, v, mo) ((void)(mo), atomic_fetch_sub(p, v))
#define atomic_fetch_or_explicit(p, v, mo) ((void)(mo), atomic_fetch_or(p, v))
#define atomic_fetch_xor_explicit(p, v, mo) ((void)(mo), atomic_fetch_xor(p, v))
#define atomic_fetch_and_explicit(p, v, mo) ((void)(mo), atomic_fetch_and(p, v))

#define atomic_flag_test_and_set(f)                                            \
  ({                                                                           \
    atomic_flag *__rc_f = (f);                                                 \
    _Bool __rc_was = __rc_f->_set;                                             \
    __rc_f->_set = 1;                                                          \
    __rc_was;                                                                  \
  })
#define atomic_flag_test_and_set_explicit(f, mo)                               \
  ((void)(mo), atomic_flag_test_and_set(f))
#define atomic_flag_clear(f) ((void)((f)->_set = 0))
#define atomic_flag_clear_explicit(f, mo) ((void)(mo), atomic_flag_clear(f))

#endif
