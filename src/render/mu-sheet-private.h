/* mu-sheet-private.h: the sheet's insides, shared by its layout files */
#pragma once

#include "mu-render-private.h"
#include "mu-sheet.h"

G_BEGIN_DECLS

struct _MuSheet {
  MuSheetKind kind;
  const MuScenario *scenario;
  MuSheetOptions options;
  double counter_size;
  GArray *items;         /* of MuSheetItem */
  GArray *pages;         /* of MuSheetPage */
  /* Map sheets: the board at scale (mm), the overlap, the tile grid; tables:
   * paper mm per table unit. */
  double board_width, board_height, overlap, plan_scale;
  guint tiles_across, tiles_down;
  /* Roster sheets: the units (MuCounter*) in order and one strip's size (mm). */
  GPtrArray *units;
  double strip_width, strip_height;
  guint strips_per_page;
};

MuSheet *mu_sheet_alloc          (const MuScenario *scenario, const MuSheetOptions *options,
                                  MuSheetKind kind);
MuSheetPage *mu_sheet_add_page   (MuSheet *sheet, MuSheetPageKind kind, const char *group);
/* The scenario's name for messages: its file, else its title. */
const char *mu_sheet_scenario_name (const MuScenario *scenario);
/* The title line at the top of the printable area and the page number. */
void     mu_sheet_draw_title     (const MuSheet *sheet, MuText *t, guint index, const char *what);


void     mu_sheet_draw_map_page  (const MuSheet *sheet, cairo_t *cr, MuText *t, guint index);
void     mu_sheet_draw_roster_page (const MuSheet *sheet, cairo_t *cr, MuText *t, guint index);

/* Height of the title band at the top of the printable area (mm). */
#define MU_SHEET_TITLE_HEIGHT 7.0
/* Crop marks: the band they take round a grid, and their length (mm). */
#define MU_SHEET_CROP_BAND 5.0
#define MU_SHEET_CROP_LENGTH 4.0

G_END_DECLS
