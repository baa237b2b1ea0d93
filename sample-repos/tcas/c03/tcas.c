/*
 * tcas.c -- a small airborne collision avoidance decision unit.
 *
 * Given the tracked state of our own aircraft and of one intruder, decide
 * whether a resolution advisory (RA) is needed and, if so, in which vertical
 * sense and with which strength.  Every input is an integer given on the
 * command line, in the order listed by usage().
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define NPARAMS 13

/* Intruder's resolution advisory complement, received over the data link. */
#define RAC_NONE 0
#define RAC_NO_CLIMB 1
#define RAC_NO_DESCEND 2

/* Intruder capability. */
#define CAP_TA_ONLY 1
#define CAP_TCAS 2

#define NOZCROSS 100     /* extra margin demanded of an altitude-crossing RA */
#define INHIBIT_BIAS 100 /* penalty on the climb sense when climb is inhibited */
#define PREF_HYST 50     /* a descend must beat a climb by this much */
#define STD_RATE 1500    /* ft/min, standard RA rate */
#define STRONG_RATE 2500 /* ft/min, increased RA rate */
#define MAX_ALT 60000
#define MAX_RATE 10000
#define MAX_RANGE 400    /* tenths of NM */
#define MAX_CLOSURE 1200 /* knots */
#define MAX_SEP 5000
#define DESCEND_FLOOR 1100 /* ft, no descend RA below this */

struct encounter {
    int high_conf;     /* own altitude tracked with high confidence, 0/1 */
    int two_of_three;  /* two of the last three altitude reports valid, 0/1 */
    int own_alt;       /* own tracked altitude, ft */
    int own_rate;      /* own vertical rate, ft/min, climbing positive */
    int intr_alt;      /* intruder tracked altitude, ft */
    int intr_rate;     /* intruder vertical rate, ft/min */
    int range;         /* slant range, tenths of NM */
    int closure;       /* range closure rate, knots, closing positive */
    int up_sep;        /* predicted separation at CPA if we climb, ft */
    int down_sep;      /* predicted separation at CPA if we descend, ft */
    int other_rac;     /* RAC_* received from the intruder */
    int other_cap;     /* CAP_* of the intruder */
    int climb_inhibit; /* climb inhibited by aircraft performance, 0/1 */
};

/* One row per altitude band: the band starts at floor_ft (own altitude). */
struct sl_entry {
    int floor_ft;
    int level; /* sensitivity level */
    int tau;   /* seconds */
    int dmod;  /* tenths of NM */
    int zthr;  /* ft */
    int alim;  /* ft */
};

static const struct sl_entry sl_table[] = {
    {0, 2, 0, 0, 0, 0},
    {1000, 3, 15, 2, 600, 300},
    {2350, 4, 20, 4, 600, 300},
    {5000, 5, 25, 6, 600, 350},
    {10000, 6, 30, 8, 600, 400},
    {20000, 7, 35, 11, 700, 600},
    {42000, 7, 35, 11, 800, 700},
};

#define SL_ROWS ((int)(sizeof sl_table / sizeof sl_table[0]))

enum sense { SENSE_CLIMB = 0, SENSE_DESCEND = 1, SENSE_UNRESOLVED = 2 };

enum advisory {
    ADV_CLEAR,
    ADV_TA_ONLY,
    ADV_TRAFFIC,
    ADV_CLIMB,
    ADV_DESCEND,
    ADV_INCREASE_CLIMB,
    ADV_INCREASE_DESCEND,
    ADV_MAINTAIN_CLIMB,
    ADV_MAINTAIN_DESCEND,
    ADV_DONT_CLIMB,
    ADV_DONT_DESCEND,
    ADV_UNRESOLVED,
    ADV_COUNT
};

static const char *const adv_names[ADV_COUNT] = {
    "CLEAR OF CONFLICT", "TA ONLY",          "TRAFFIC",        "CLIMB",
    "DESCEND",           "INCREASE CLIMB",   "INCREASE DESCEND", "MAINTAIN CLIMB",
    "MAINTAIN DESCEND",  "DO NOT CLIMB",     "DO NOT DESCEND", "UNRESOLVED",
};

/* Strength bands of an RA once its sense is known. */
enum band { BAND_PREVENTIVE, BAND_MAINTAIN, BAND_CORRECTIVE, BAND_INCREASE };

/* [sense][band] */
static const enum advisory strength_table[2][4] = {
    {ADV_DONT_DESCEND, ADV_MAINTAIN_CLIMB, ADV_CLIMB, ADV_INCREASE_CLIMB},
    {ADV_DONT_CLIMB, ADV_MAINTAIN_DESCEND, ADV_DESCEND, ADV_INCREASE_DESCEND},
};

/* [climb acceptable][descend acceptable][climb preferred] */
static const enum sense sense_table[2][2][2] = {
    {{SENSE_UNRESOLVED, SENSE_UNRESOLVED}, {SENSE_DESCEND, SENSE_DESCEND}},
    {{SENSE_CLIMB, SENSE_CLIMB}, {SENSE_DESCEND, SENSE_CLIMB}},
};

/* Everything derived from the encounter before the sense is chosen. */
struct geometry {
    int sl;       /* row of sl_table */
    int rel_alt;  /* intruder minus own altitude, ft */
    int vsep;     /* |rel_alt| */
    int rel_rate; /* intruder minus own vertical rate, ft/min */
    int tau_h;    /* seconds to closest approach, -1 when diverging */
    int tau_v;    /* seconds to co-altitude, -1 when not converging */
    int horiz_threat;
    int vert_threat;
};

struct decision {
    int climb_ok;
    int descend_ok;
    int prefer_climb;
    enum sense sense;
    enum band band;
    enum advisory adv;
    int target_rate;
};

static int verbose;

static int find_level(int alt)
{
    int i;

    for (i = SL_ROWS - 1; i > 0; i--) {
        if (alt >= sl_table[i].floor_ft)
            return i;
    }
    return 0;
}

static int alim(const struct geometry *g)
{
    return sl_table[g->sl].alim;
}

static int horizontal_tau(const struct encounter *e)
{
    if (e->closure <= 0)
        return -1;
    return e->range * 360 / e->closure;
}

static int vertical_tau(int rel_alt, int rel_rate)
{
    if (rel_alt == 0)
        return 0;
    if (rel_rate == 0)
        return -1;
    /* converging when the rate points toward the other aircraft */
    if (rel_alt > 0 && rel_rate > 0)
        return -1;
    if (rel_alt < 0 && rel_rate < 0)
        return -1;
    return abs(rel_alt) * 60 / abs(rel_rate);
}

static int horizontal_threat(const struct encounter *e, const struct geometry *g)
{
    const struct sl_entry *s = &sl_table[g->sl];

    if (e->range <= s->dmod)
        return 1;
    return g->tau_h >= 0 && g->tau_h <= s->tau;
}

static int vertical_threat(const struct geometry *g)
{
    const struct sl_entry *s = &sl_table[g->sl];

    if (g->vsep <= s->zthr)
        return 1;
    return g->tau_v >= 0 && g->tau_v <= s->tau;
}

static void compute_geometry(const struct encounter *e, struct geometry *g)
{
    g->sl = find_level(e->own_alt);
    g->rel_alt = e->intr_alt - e->own_alt;
    g->vsep = abs(g->rel_alt);
    g->rel_rate = e->intr_rate - e->own_rate;
    g->tau_h = horizontal_tau(e);
    g->tau_v = vertical_tau(g->rel_alt, g->rel_rate);
    g->horiz_threat = horizontal_threat(e, g);
    g->vert_threat = vertical_threat(g);
}

/*
 * Decision helpers.  Each answers one yes/no question about the encounter;
 * decide() combines them through sense_table and strength_table.
 */

/* Own aircraft is below the intruder. */
static int own_below_threat(const struct encounter *e)
{
    return e->own_alt < e->intr_alt;
}

/* Own aircraft is above the intruder. */
static int own_above_threat(const struct encounter *e)
{
    return e->own_alt > e->intr_alt;
}

/* Separation credited to a climb: a performance-limited climb is penalised
 * so that an equally good descend wins. */
static int effective_up_sep(const struct encounter *e)
{
    if (e->climb_inhibit)
        return e->up_sep - INHIBIT_BIAS;
    return e->up_sep;
}

/* The intruder runs TCAS and has told us which sense it reserved. */
static int coordinated(const struct encounter *e)
{
    return e->other_cap == CAP_TCAS && e->other_rac != RAC_NONE;
}

static int climb_permitted(const struct encounter *e)
{
    if (coordinated(e) && e->other_rac == RAC_NO_CLIMB)
        return 0;
    return 1;
}

static int descend_permitted(const struct encounter *e)
{
    if (coordinated(e) && e->other_rac == RAC_NO_DESCEND)
        return 0;
    /* never command a descent close to the ground */
    if (e->own_alt < DESCEND_FLOOR)
        return 0;
    return 1;
}

/* The predicted separation of each sense reaches the level's ALIM. */
static int climb_achieves_alim(const struct encounter *e, const struct geometry *g)
{
    return effective_up_sep(e) > alim(g);
}

static int descend_achieves_alim(const struct encounter *e, const struct geometry *g)
{
    return e->down_sep >= alim(g);
}

/* A climb crosses the intruder's altitude when we start below it. */
static int climb_crosses(const struct encounter *e)
{
    return own_below_threat(e);
}

static int descend_crosses(const struct encounter *e)
{
    return own_above_threat(e);
}

/* A sense is acceptable when it is permitted and achieves ALIM; a sense that
 * crosses the intruder's altitude must beat ALIM by NOZCROSS. */
static int climb_acceptable(const struct encounter *e, const struct geometry *g)
{
    if (!climb_permitted(e))
        return 0;
    if (!climb_crosses(e))
        return climb_achieves_alim(e, g);
    /* a crossing climb only when it clears ALIM with margin */
    return effective_up_sep(e) >= alim(g) + NOZCROSS;
}

static int descend_acceptable(const struct encounter *e, const struct geometry *g)
{
    if (!descend_permitted(e))
        return 0;
    if (!descend_crosses(e))
        return descend_achieves_alim(e, g);
    return e->down_sep >= alim(g) + NOZCROSS;
}

/* Ties go to the climb: a descend must win by more than PREF_HYST. */
static int climb_preferred(const struct encounter *e)
{
    return effective_up_sep(e) + PREF_HYST >= e->down_sep;
}

/* Rate of our aircraft in the direction of the chosen sense. */
static int rate_toward(const struct encounter *e, enum sense s)
{
    return s == SENSE_CLIMB ? e->own_rate : -e->own_rate;
}

/* Already safely on the sense's side and not converging: a preventive RA. */
static int preventive_suffices(const struct encounter *e, const struct geometry *g,
                               enum sense s)
{
    int right_side = s == SENSE_CLIMB ? own_above_threat(e) : own_below_threat(e);

    return right_side && g->vsep >= alim(g) && g->tau_v < 0;
}

static enum band choose_band(const struct encounter *e, const struct geometry *g,
                             enum sense s)
{
    int r = rate_toward(e, s);
    int tau = sl_table[g->sl].tau;

    if (preventive_suffices(e, g, s))
        return BAND_PREVENTIVE;
    if (r >= STD_RATE)
        return BAND_MAINTAIN;
    if (r < 0 && g->tau_h >= 0 && g->tau_h * 2 <= tau)
        return BAND_INCREASE;
    return BAND_CORRECTIVE;
}

static int target_rate(const struct encounter *e, enum sense s, enum band b)
{
    int sign = s == SENSE_CLIMB ? 1 : -1;

    switch (b) {
    case BAND_PREVENTIVE:
        return 0;
    case BAND_MAINTAIN:
        return e->own_rate;
    case BAND_CORRECTIVE:
        return sign * STD_RATE;
    case BAND_INCREASE:
        return sign * STRONG_RATE;
    }
    return 0;
}

static void decide(const struct encounter *e, const struct geometry *g, struct decision *d)
{
    memset(d, 0, sizeof *d);
    d->sense = SENSE_UNRESOLVED;
    d->adv = ADV_CLEAR;

    if (!e->high_conf || !e->two_of_three) {
        d->adv = g->horiz_threat ? ADV_TA_ONLY : ADV_CLEAR;
        return;
    }
    if (!g->horiz_threat)
        return;
    if (sl_table[g->sl].level < 3) {
        d->adv = ADV_TA_ONLY;
        return;
    }
    if (!g->vert_threat) {
        d->adv = ADV_TRAFFIC;
        return;
    }

    d->climb_ok = climb_acceptable(e, g);
    d->descend_ok = descend_acceptable(e, g);
    d->prefer_climb = climb_preferred(e);
    d->sense = sense_table[d->climb_ok][d->descend_ok][d->prefer_climb];
    if (d->sense == SENSE_UNRESOLVED) {
        d->adv = ADV_UNRESOLVED;
        return;
    }
    d->band = choose_band(e, g, d->sense);
    d->adv = strength_table[d->sense][d->band];
    d->target_rate = target_rate(e, d->sense, d->band);
}

/* Advisories that come with a target vertical rate, in enum order. */
static const unsigned char adv_has_rate[ADV_COUNT] = {
    [ADV_CLIMB] = 1,          [ADV_DESCEND] = 1,          [ADV_INCREASE_CLIMB] = 1,
    [ADV_INCREASE_DESCEND] = 1, [ADV_MAINTAIN_CLIMB] = 1, [ADV_MAINTAIN_DESCEND] = 1,
};

static int has_rate(enum advisory a)
{
    return a >= 0 && a < ADV_COUNT && adv_has_rate[a];
}

static void print_trace(const struct geometry *g, const struct decision *d)
{
    const struct sl_entry *s = &sl_table[g->sl];

    printf("sl=%d tau=%d dmod=%d zthr=%d alim=%d\n", s->level, s->tau, s->dmod, s->zthr,
           s->alim);
    printf("rel_alt=%d rel_rate=%d tau_h=%d tau_v=%d\n", g->rel_alt, g->rel_rate, g->tau_h,
           g->tau_v);
    printf("horiz=%d vert=%d climb_ok=%d descend_ok=%d prefer_climb=%d\n", g->horiz_threat,
           g->vert_threat, d->climb_ok, d->descend_ok, d->prefer_climb);
}

static void print_advisory(const struct decision *d)
{
    if (has_rate(d->adv))
        printf("%s %+d\n", adv_names[d->adv], d->target_rate);
    else
        printf("%s\n", adv_names[d->adv]);
}

struct param {
    const char *name;
    int lo;
    int hi;
};

static const struct param params[NPARAMS] = {
    {"high_conf", 0, 1},
    {"two_of_three", 0, 1},
    {"own_alt", 0, MAX_ALT},
    {"own_rate", -MAX_RATE, MAX_RATE},
    {"intr_alt", 0, MAX_ALT},
    {"intr_rate", -MAX_RATE, MAX_RATE},
    {"range", 0, MAX_RANGE},
    {"closure", -MAX_CLOSURE, MAX_CLOSURE},
    {"up_sep", 0, MAX_SEP},
    {"down_sep", 0, MAX_SEP},
    {"other_rac", RAC_NONE, RAC_NO_DESCEND},
    {"other_cap", CAP_TA_ONLY, CAP_TCAS},
    {"climb_inhibit", 0, 1},
};

static void print_table(void)
{
    int i;

    printf("%-8s %-5s %-5s %-5s %-5s %s\n", "floor", "level", "tau", "dmod", "zthr",
           "alim");
    for (i = 0; i < SL_ROWS; i++) {
        const struct sl_entry *s = &sl_table[i];

        printf("%-8d %-5d %-5d %-5d %-5d %d\n", s->floor_ft, s->level, s->tau, s->dmod,
               s->zthr, s->alim);
    }
}

static void usage(void)
{
    int i;

    fprintf(stderr, "usage: tcas -t | tcas [-v] ");
    for (i = 0; i < NPARAMS; i++)
        fprintf(stderr, "%s%s", params[i].name, i + 1 < NPARAMS ? " " : "\n");
}

/* Fill an encounter from NPARAMS integers; returns the index of the first
 * out-of-range value, or -1 when all are valid. */
static int load_encounter(struct encounter *e, const int *v)
{
    int i;

    for (i = 0; i < NPARAMS; i++) {
        if (v[i] < params[i].lo || v[i] > params[i].hi)
            return i;
    }
    e->high_conf = v[0];
    e->two_of_three = v[1];
    e->own_alt = v[2];
    e->own_rate = v[3];
    e->intr_alt = v[4];
    e->intr_rate = v[5];
    e->range = v[6];
    e->closure = v[7];
    e->up_sep = v[8];
    e->down_sep = v[9];
    e->other_rac = v[10];
    e->other_cap = v[11];
    e->climb_inhibit = v[12];
    return -1;
}

static void run_one(const struct encounter *e)
{
    struct geometry g;
    struct decision d;

    compute_geometry(e, &g);
    decide(e, &g, &d);
    if (verbose)
        print_trace(&g, &d);
    print_advisory(&d);
}

int main(int argc, char **argv)
{
    int values[NPARAMS];
    struct encounter e;
    int argi = 1;
    int i;
    int bad;

    while (argi < argc && argv[argi][0] == '-' && argv[argi][1] != '\0' &&
           (argv[argi][1] < '0' || argv[argi][1] > '9')) {
        if (strcmp(argv[argi], "-v") == 0) {
            verbose = 1;
        } else if (strcmp(argv[argi], "-t") == 0) {
            print_table();
            return 0;
        } else {
            fprintf(stderr, "tcas: unknown option %s\n", argv[argi]);
            usage();
            return 2;
        }
        argi++;
    }
    if (argc - argi != NPARAMS) {
        usage();
        return 2;
    }
    for (i = 0; i < NPARAMS; i++)
        values[i] = atoi(argv[argi + i]);
    bad = load_encounter(&e, values);
    if (bad >= 0) {
        fprintf(stderr, "tcas: %s out of range [%d, %d]\n", params[bad].name,
                params[bad].lo, params[bad].hi);
        return 2;
    }
    run_one(&e);
    return 0;
}
