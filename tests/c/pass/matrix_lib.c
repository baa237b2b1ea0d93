/* A small dense matrix library on doubles: allocation, multiplication, transpose, Gaussian
   elimination with partial pivoting (determinant, rank, inverse, linear solve), power by
   squaring, norms, and an integer matrix path for exact checks.
   Input on stdin:  N  then N*N numbers (matrix A)  then N numbers (vector b).
   argv[1] optional: power k for A^k (default 3). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    int rows, cols;
    double *v;
} matrix;

#define AT(m, i, j) ((m)->v[(size_t)(i) * (size_t)(m)->cols + (size_t)(j)])

static int live_matrices;

static matrix mat_new(int rows, int cols)
{
    matrix m = {rows, cols, calloc((size_t)rows * (size_t)cols, sizeof(double))};
    live_matrices++;
    return m;
}

static void mat_free(matrix *m)
{
    free(m->v);
    m->v = NULL;
    live_matrices--;
}

static matrix mat_copy(const matrix *a)
{
    matrix m = mat_new(a->rows, a->cols);
    memcpy(m.v, a->v, sizeof(double) * (size_t)a->rows * (size_t)a->cols);
    return m;
}

static matrix mat_identity(int n)
{
    matrix m = mat_new(n, n);
    for (int i = 0; i < n; i++)
        AT(&m, i, i) = 1.0;
    return m;
}

static matrix mat_mul(const matrix *a, const matrix *b)
{
    matrix m = mat_new(a->rows, b->cols);
    for (int i = 0; i < a->rows; i++)
        for (int k = 0; k < a->cols; k++) {
            double aik = AT(a, i, k);
            for (int j = 0; j < b->cols; j++)
                AT(&m, i, j) += aik * AT(b, k, j);
        }
    return m;
}

static matrix mat_transpose(const matrix *a)
{
    matrix m = mat_new(a->cols, a->rows);
    for (int i = 0; i < a->rows; i++)
        for (int j = 0; j < a->cols; j++)
            AT(&m, j, i) = AT(a, i, j);
    return m;
}

static matrix mat_pow(const matrix *a, unsigned k)
{
    matrix result = mat_identity(a->rows);
    matrix base = mat_copy(a);
    while (k) {
        if (k & 1) {
            matrix t = mat_mul(&result, &base);
            mat_free(&result);
            result = t;
        }
        k >>= 1;
        if (k) {
            matrix t = mat_mul(&base, &base);
            mat_free(&base);
            base = t;
        }
    }
    mat_free(&base);
    return result;
}

static void mat_print(const char *name, const matrix *m)
{
    printf("%s (%dx%d):\n", name, m->rows, m->cols);
    for (int i = 0; i < m->rows; i++) {
        for (int j = 0; j < m->cols; j++) {
            double x = AT(m, i, j);
            if (fabs(x) < 5e-10)
                x = 0.0; /* avoid printing -0.0000 for rounding noise */
            printf(" %11.4f", x);
        }
        printf("\n");
    }
}

static double norm_inf(const matrix *m)
{
    double best = 0;
    for (int i = 0; i < m->rows; i++) {
        double s = 0;
        for (int j = 0; j < m->cols; j++)
            s += fabs(AT(m, i, j));
        if (s > best)
            best = s;
    }
    return best;
}

static double norm_frobenius(const matrix *m)
{
    double s = 0;
    for (int i = 0; i < m->rows * m->cols; i++)
        s += m->v[i] * m->v[i];
    return sqrt(s);
}

/* Reduce [a | aug] to reduced row echelon form in place. Returns the rank of a and stores
   the determinant of a (0 if singular) in *det. */
static int gauss_jordan(matrix *a, matrix *aug, double *det, int *swaps)
{
    int n = a->rows, rank = 0;
    double d = 1.0;
    *swaps = 0;
    for (int col = 0; col < a->cols && rank < n; col++) {
        int piv = rank;
        for (int r = rank + 1; r < n; r++)
            if (fabs(AT(a, r, col)) > fabs(AT(a, piv, col)))
                piv = r;
        if (fabs(AT(a, piv, col)) < 1e-12) {
            d = 0.0;
            continue;
        }
        if (piv != rank) {
            for (int j = 0; j < a->cols; j++) {
                double t = AT(a, piv, j);
                AT(a, piv, j) = AT(a, rank, j);
                AT(a, rank, j) = t;
            }
            if (aug)
                for (int j = 0; j < aug->cols; j++) {
                    double t = AT(aug, piv, j);
                    AT(aug, piv, j) = AT(aug, rank, j);
                    AT(aug, rank, j) = t;
                }
            d = -d;
            (*swaps)++;
        }
        double p = AT(a, rank, col);
        d *= p;
        for (int j = 0; j < a->cols; j++)
            AT(a, rank, j) /= p;
        if (aug)
            for (int j = 0; j < aug->cols; j++)
                AT(aug, rank, j) /= p;
        for (int r = 0; r < n; r++) {
            if (r == rank)
                continue;
            double f = AT(a, r, col);
            if (f == 0.0)
                continue;
            for (int j = 0; j < a->cols; j++)
                AT(a, r, j) -= f * AT(a, rank, j);
            if (aug)
                for (int j = 0; j < aug->cols; j++)
                    AT(aug, r, j) -= f * AT(aug, rank, j);
        }
        rank++;
    }
    *det = rank == n ? d : 0.0;
    return rank;
}

/* Exact determinant of an integer matrix by Bareiss' fraction-free elimination. */
static long long det_bareiss(long long *m, int n)
{
    long long prev = 1;
    int sign = 1;
    for (int k = 0; k < n - 1; k++) {
        if (m[k * n + k] == 0) {
            int r;
            for (r = k + 1; r < n && m[r * n + k] == 0; r++)
                ;
            if (r == n)
                return 0;
            for (int j = 0; j < n; j++) {
                long long t = m[k * n + j];
                m[k * n + j] = m[r * n + j];
                m[r * n + j] = t;
            }
            sign = -sign;
        }
        for (int i = k + 1; i < n; i++)
            for (int j = k + 1; j < n; j++)
                m[i * n + j] = (m[i * n + j] * m[k * n + k] - m[i * n + k] * m[k * n + j]) / prev;
        prev = m[k * n + k];
    }
    return sign * m[(n - 1) * n + (n - 1)];
}

int main(int argc, char **argv)
{
    unsigned power = argc > 1 ? (unsigned)atoi(argv[1]) : 3;
    int n;
    if (scanf("%d", &n) != 1 || n < 1 || n > 8) {
        fprintf(stderr, "matrix_lib: need a size between 1 and 8\n");
        return 2;
    }
    matrix a = mat_new(n, n), b = mat_new(n, 1);
    int all_integer = 1;
    for (int i = 0; i < n * n; i++) {
        if (scanf("%lf", &a.v[i]) != 1) {
            fprintf(stderr, "matrix_lib: matrix truncated after %d numbers\n", i);
            mat_free(&a);
            mat_free(&b);
            return 3;
        }
        if (a.v[i] != floor(a.v[i]) || fabs(a.v[i]) > 1000)
            all_integer = 0;
    }
    int have_b = 1;
    for (int i = 0; i < n; i++)
        if (scanf("%lf", &b.v[i]) != 1)
            have_b = 0;
    mat_print("A", &a);
    matrix at = mat_transpose(&a);
    matrix ata = mat_mul(&at, &a);
    mat_print("A^T A", &ata);
    printf("norms: inf=%.6f frobenius=%.6f\n", norm_inf(&a), norm_frobenius(&a));
    matrix ak = mat_pow(&a, power);
    char name[32];
    snprintf(name, sizeof name, "A^%u", power);
    mat_print(name, &ak);

    matrix work = mat_copy(&a);
    matrix inv = mat_identity(n);
    double det;
    int swaps;
    int rank = gauss_jordan(&work, &inv, &det, &swaps);
    printf("rank %d, det %.6g, row swaps %d\n", rank, det, swaps);
    if (all_integer) {
        long long im[64];
        for (int i = 0; i < n * n; i++)
            im[i] = (long long)a.v[i];
        printf("exact det (Bareiss) %lld\n", det_bareiss(im, n));
    }
    if (rank == n) {
        mat_print("inverse", &inv);
        matrix check = mat_mul(&a, &inv);
        matrix id = mat_identity(n);
        double err = 0;
        for (int i = 0; i < n * n; i++)
            if (fabs(check.v[i] - id.v[i]) > err)
                err = fabs(check.v[i] - id.v[i]);
        printf("max |A*inv - I| < 1e-9: %s\n", err < 1e-9 ? "yes" : "no");
        mat_free(&check);
        mat_free(&id);
        if (have_b) {
            matrix x = mat_mul(&inv, &b);
            mat_print("solution x", &x);
            matrix ax = mat_mul(&a, &x);
            double resid = 0;
            for (int i = 0; i < n; i++)
                resid += fabs(ax.v[i] - b.v[i]);
            printf("residual small: %s\n", resid < 1e-8 ? "yes" : "no");
            mat_free(&x);
            mat_free(&ax);
        }
    } else {
        printf("matrix is singular; no inverse\n");
    }
    mat_free(&work);
    mat_free(&inv);
    mat_free(&ak);
    mat_free(&ata);
    mat_free(&at);
    mat_free(&a);
    mat_free(&b);
    printf("live matrices at exit: %d\n", live_matrices);
    return rank == n ? 0 : 1;
}
