/* mu-sheet.h: printed sheets — counters and markers at true size, the map at
 * scale over several pages, tabletop roster labels
 *
 * A sheet is laid out once, in millimetres, on a given paper; then each page
 * is drawn on any cairo_t whose user space is millimetres with the origin at
 * the paper's top-left corner (PDF, SVG and PNG export scale to it; a
 * GtkPrintOperation with GTK_UNIT_MM and the full page gives it directly).
 * The application and muster-cli call the same code.
 *
 * A sheet keeps pointers into its scenario: the scenario must outlive it.
 */
#pragma once

#include <cairo.h>
#include <glib.h>

#include "mu-render.h"
#include "mu-scenario.h"

G_BEGIN_DECLS

#define MU_MM_PER_INCH 25.4
#define MU_POINTS_PER_MM (72.0 / 25.4)

typedef enum {
  MU_PAPER_A4,
  MU_PAPER_LETTER,
} MuPaper;

/* "a4" or "letter" (any case); an unknown name is a MU_ERROR_INVALID error. */
gboolean     mu_paper_from_string     (const char *name, MuPaper *paper, GError **error);
const char  *mu_paper_to_string       (MuPaper paper);
void         mu_paper_size            (MuPaper paper, double *width_mm, double *height_mm);

typedef struct {
  double paper_width, paper_height;  /* mm, portrait */
  double margin;         /* mm on every edge: nothing but crop marks' ends is drawn outside */
  double counter_size;   /* mm; <= 0: the scenario's own (mu_sheet_default_counter_size) */
  gboolean counters;     /* the order of battle's counters */
  gboolean markers;      /* the markers the ruleset declares, in the numbers needed */
  gboolean backs;        /* a mirrored back page after each front page (duplex) */
  MuCounterStyle style;
} MuSheetOptions;

/* A4, 10 mm margins, counters and markers, no backs, classic style. */
void         mu_sheet_options_init    (MuSheetOptions *options, MuPaper paper);

/* The counter size the scenario asks for: its counter-size-mm, else the
 * largest usual size (10 mm up to 1 in) no larger than 0.8 of the printed hex's
 * width across the flats, so a counter sits inside its hex; 5/8 in on tables. */
double       mu_sheet_default_counter_size (const MuScenario *scenario);

/* How many of each marker its ruleset declares (MuMarkerInfo.supply) a
 * scenario needs. */
typedef struct {
  const MuMarkerInfo *marker;
  const MuSide *side;    /* objective markers: the side that holds it; else NULL */
  guint count;
} MuMarkerNeed;

/* Newly allocated array of MuMarkerNeed (empty for rulesets without markers);
 * side pointers point into the scenario. */
GArray      *mu_sheet_marker_needs    (const MuScenario *scenario);

typedef enum {
  MU_SHEET_KIND_COUNTERS,
  MU_SHEET_KIND_MAP,
  MU_SHEET_KIND_ROSTER,
} MuSheetKind;

typedef enum {
  MU_SHEET_ITEM_COUNTER,
  MU_SHEET_ITEM_MARKER,
} MuSheetItemKind;

/* One counter or marker on a page, its top-left corner at (x, y) mm. */
typedef struct {
  MuSheetItemKind kind;
  const MuCounter *counter;  /* counters */
  const MuMarkerInfo *marker; /* markers: the ruleset's declaration */
  const MuSide *side;        /* counters: its side; objective markers: the holder */
  guint page;
  double x, y, size;
} MuSheetItem;

typedef enum {
  MU_SHEET_PAGE_FRONT,
  MU_SHEET_PAGE_BACK,       /* the back of the page before it, mirrored left to right */
  MU_SHEET_PAGE_ASSEMBLY,   /* how the map's pages fit together */
  MU_SHEET_PAGE_MAP_TILE,   /* a part of the board at its true size */
  MU_SHEET_PAGE_PLAN,       /* a table as a reduced plan */
  MU_SHEET_PAGE_ROSTER,     /* tabletop roster labels */
} MuSheetPageKind;

typedef struct {
  MuSheetPageKind kind;
  char *group;           /* "Union", "Markers", ... for the title line */
  guint first_item, n_items;  /* counter sheets: items[first_item ..] on this page */
  /* Counter sheets: the grid's top-left corner and its columns and rows (mm). */
  double grid_x, grid_y;
  guint cols, rows;
  /* Map tiles: the part of the board on this page (board millimetres, from
   * the board's top-left corner) and where its top-left corner is on the paper. */
  double board_x, board_y, board_width, board_height;
  double paper_x, paper_y;
  guint tile_col, tile_row;
} MuSheetPage;

typedef struct _MuSheet MuSheet;

/* Counters and markers. Errors (MU_ERROR_INVALID) name the scenario file: a
 * counter size that does not fit the page, nothing to print. */
MuSheet     *mu_sheet_new_counters    (const MuScenario *scenario, const MuSheetOptions *options,
                                       GError **error);
/* The map at scale: a hex board at its printed hex size (hex-size-mm across
 * the flats) tiled over pages with an overlap strip, registration marks and
 * an assembly page first; a table as a reduced plan with its grid and a scale
 * bar. counter_size, counters, markers and backs are not used. */
MuSheet     *mu_sheet_new_map         (const MuScenario *scenario, const MuSheetOptions *options,
                                       GError **error);
/* Whether the map prints better with options' paper turned landscape than
 * upright (either way up in options): a table's plan at the larger scale,
 * a hex map at scale on fewer sheets (upright when even). FALSE when the
 * map cannot be laid out either way. */
gboolean     mu_sheet_map_prefers_landscape (const MuScenario *scenario, const MuSheetOptions *options);
/* Tabletop roster labels: a strip per unit with its name, side colour and
 * values, to stick under a base or keep beside the table. */
MuSheet     *mu_sheet_new_roster      (const MuScenario *scenario, const MuSheetOptions *options,
                                       GError **error);
/* Map sheets: the overlap strip (mm) and the tiles across and down. */
double       mu_sheet_get_overlap     (const MuSheet *sheet);
void         mu_sheet_get_tiles       (const MuSheet *sheet, guint *across, guint *down);
/* Map sheets: the board's size at scale, and for tables the plan's scale in
 * paper millimetres per table unit. */
void         mu_sheet_get_board_size  (const MuSheet *sheet, double *width_mm, double *height_mm);
double       mu_sheet_get_plan_scale  (const MuSheet *sheet);
void         mu_sheet_free            (MuSheet *sheet);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (MuSheet, mu_sheet_free)

MuSheetKind  mu_sheet_get_kind        (const MuSheet *sheet);
const MuSheetOptions *mu_sheet_get_options (const MuSheet *sheet);
/* The counter size used (mm). */
double       mu_sheet_get_counter_size (const MuSheet *sheet);
guint        mu_sheet_get_n_pages     (const MuSheet *sheet);
const MuSheetPage *mu_sheet_get_page  (const MuSheet *sheet, guint index);
/* Front items, in layout order (owned by the sheet). */
const MuSheetItem *mu_sheet_get_items (const MuSheet *sheet, guint *n_items);
/* Where an item's back is on the back page (its x mirrored); FALSE without backs. */
gboolean     mu_sheet_item_back       (const MuSheet *sheet, const MuSheetItem *item,
                                       guint *page, double *x, double *y);

/* Draws page `index` (0-based) on cr, whose user space is millimetres from the
 * paper's top-left corner. Draws no background: the paper is the background. */
void         mu_sheet_draw_page       (const MuSheet *sheet, cairo_t *cr, guint index);

/* Writes every page: .pdf one document, .svg and .png one file per page
 * (FILE when there is one page, else FILE-1.svg, FILE-2.svg, ...; PNG at dpi).
 * PNG pages of more than MU_SHEET_MAX_PNG_PIXELS in all are refused before
 * any is drawn.
 * Everything is drawn in memory first and each file is replaced atomically, so
 * a failure leaves no partial file. */
#define MU_SHEET_MAX_PNG_PIXELS 5e8
gboolean     mu_sheet_write           (const MuSheet *sheet, const char *filename, double dpi,
                                       GError **error);
/* The PDF in memory (for tests and the benchmark). */
GBytes      *mu_sheet_to_pdf          (const MuSheet *sheet, GError **error);

G_END_DECLS
