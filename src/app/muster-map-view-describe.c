/* muster-map-view-describe.c: what is under the pointer or the keyboard
 * cursor, for the status line, tooltips and assistive technology */
#define G_LOG_DOMAIN "muster"

#include "config.h"

#include "muster-map-view.h"

#include "muster-map-view-private.h"

#include <glib/gi18n.h>
#include <math.h>

gboolean
muster_map_view_pick (MusterMapView *self,
                      double         x,
                      double         y,
                      MusterPick    *pick,
                      int           *piece)
{
  const MuScenario *scenario;
  MuRenderOptions options;
  const MuPiece *pieces;
  double bx, by;
  guint n;

  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), FALSE);

  if (piece)
    *piece = -1;
  scenario = get_scenario (self);
  if (scenario == NULL)
    return FALSE;

  muster_view_to_board (&self->transform, x, y, &bx, &by);
  muster_pick_board (scenario, board_scale (self), bx, by, pick);
  if (piece)
    {
      muster_map_view_get_render_options (self, &options);
      pieces = muster_scene_get_pieces (self->scene, &n);
      if (n > 0)
        *piece = mu_render_piece_at (scenario, &options, pieces, n, bx, by);
    }
  return TRUE;
}

static const char *
unit_abbreviation (MuLengthUnit unit)
{
  /* Translators: abbreviations of inch and centimetre after a number. */
  return unit == MU_UNIT_CM ? _("cm") : _("in");
}

static void
append_features (GString *s,
                 guint    features)
{
  static const struct { guint bit; const char *name; } names[] = {
    { MU_HEX_FEATURE_STREAM, N_("stream") },
    { MU_HEX_FEATURE_FORD, N_("ford") },
    { MU_HEX_FEATURE_BRIDGE, N_("bridge") },
    { MU_HEX_FEATURE_IMPASSABLE, N_("impassable") },
    { MU_HEX_FEATURE_FORTIFICATION, N_("fortification") },
    { MU_HEX_FEATURE_FORTIFIED_BUILDING, N_("fortified building") },
    { MU_HEX_FEATURE_PREPARED_DEFENCE, N_("prepared defence") },
    { MU_HEX_FEATURE_BUILDINGS, N_("buildings") },
  };
  gboolean first = TRUE;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (features & names[i].bit)
      {
        g_string_append (s, first ? "" : ", ");
        g_string_append (s, _(names[i].name));
        first = FALSE;
      }
}

static void
append_counter (GString         *s,
                const MuScenario *scenario,
                const MuCounter  *counter)
{
  const MuSide *side = mu_scenario_find_side (scenario, counter->side);
  const MuRuleset *ruleset = scenario->ruleset ? mu_ruleset_find (scenario->ruleset) : NULL;
  /* the values the ruleset prints in a summary ("Range 1 · Attack 4 · Strength 4") */
  g_autofree char *values = mu_counter_summary_values (ruleset, counter);
  const char *sep = *values ? " · " : "";
  /* and what its switches say ("X", "indomitable") */
  g_autofree char *tags = mu_counter_tags (ruleset, counter);
  const char *tag_sep = *tags ? " · " : "";

  g_string_append_printf (s, "<b>%s</b>", counter->name ? counter->name : counter->id);
  if (side != NULL && side->name != NULL)
    g_string_append_printf (s, " (%s)", side->name);
  switch (counter->kind)
    {
    case MU_COUNTER_UNIT:
      g_string_append_printf (s, "\n%s%s%s%s%s", mu_counter_arm_name (ruleset, counter), sep, values,
                              tag_sep, tags);
      break;
    case MU_COUNTER_COMMAND:
      g_string_append_printf (s, "\n%s%s%s%s%s", _("Division commander"), sep, values, tag_sep, tags);
      break;
    case MU_COUNTER_CONTROL:
      g_string_append_printf (s, "\n%s%s%s%s%s", _("Army or corps commander"), sep, values, tag_sep, tags);
      break;
    default:
      break;
    }
}

/* A hex in markup: its number, terrain, elevation, features and the
 * counters on it, a line each. */
void
muster_map_view_describe_hex (MusterMapView *self,
                              MuHex          hex,
                              GString       *s)
{
  const MuHexMap *map = get_scenario (self)->hex_map;
  const MuHexCell *cell = mu_hex_map_cell (map, hex);
  guint n = 0;
  const MuPiece *pieces = self->scene != NULL ? muster_scene_get_pieces (self->scene, &n) : NULL;
  char label[16];
  guint n_here = 0;

  mu_hex_format (&map->grid, hex, label, sizeof label);
  g_string_append_printf (s, "<b>%s %s</b>\n%s", _("Hex"), label,
                          mu_terrain_display_name (cell->terrain));
  if (cell->elevation > 0)
    g_string_append_printf (s, ", %s %d", _("elevation"), cell->elevation);
  if (cell->features != 0)
    {
      g_string_append (s, "\n");
      append_features (s, cell->features);
    }
  for (guint i = 0; i < n; i++)
    if (mu_hex_equal (pieces[i].hex, hex))
      {
        g_autofree char *name = g_markup_escape_text (pieces[i].counter->name ? pieces[i].counter->name
                                                      : pieces[i].counter->id, -1);

        g_string_append (s, n_here == 0 ? "\n" : ", ");
        g_string_append (s, name);
        n_here++;
      }
}

char *
muster_map_view_describe_at (MusterMapView *self,
                             double         x,
                             double         y)
{
  const MuScenario *scenario;
  g_autoptr(GString) s = NULL;
  const MuPiece *pieces;
  MusterPick pick;
  int piece;
  guint n;

  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), NULL);

  if (!muster_map_view_pick (self, x, y, &pick, &piece) || !pick.on_board)
    return NULL;
  scenario = get_scenario (self);
  pieces = muster_scene_get_pieces (self->scene, &n);
  s = g_string_new (NULL);

  if (piece >= 0)
    {
      g_autofree char *escaped = NULL;

      append_counter (s, scenario, pieces[piece].counter);
      escaped = g_markup_escape_text (pieces[piece].counter->note ? pieces[piece].counter->note : "", -1);
      if (*escaped)
        g_string_append_printf (s, "\n<i>%s</i>", escaped);
      if (scenario->board == MU_BOARD_HEX)
        {
          guint n_here = 0;

          /* the rest of the stack */
          for (guint i = 0; i < n; i++)
            if ((int) i != piece && mu_hex_equal (pieces[i].hex, pieces[piece].hex))
              {
                g_string_append (s, n_here++ == 0 ? "\n\n" : "\n");
                append_counter (s, scenario, pieces[i].counter);
              }
        }
      return g_string_free (g_steal_pointer (&s), FALSE);
    }

  if (scenario->board == MU_BOARD_HEX)
    muster_map_view_describe_hex (self, pick.hex, s);
  else
    {
      g_string_append_printf (s, "%.1f, %.1f %s", pick.table.x, pick.table.y,
                              unit_abbreviation (scenario->table->unit));
    }
  return g_string_free (g_steal_pointer (&s), FALSE);
}

void
muster_map_view_set_position_text (MusterMapView *self,
                                   const char    *text)
{
  if (g_strcmp0 (self->position_text, text) == 0)
    return;
  g_free (self->position_text);
  self->position_text = g_strdup (text);
  /* what a screen reader says of the board: the hex or point under the pointer */
  if (text != NULL && *text != '\0')
    gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
  g_object_notify (G_OBJECT (self), "position-text");
}

void
muster_map_view_update_position (MusterMapView *self)
{
  const MuScenario *scenario = get_scenario (self);
  g_autofree char *text = NULL;
  MusterPick pick;

  if (!self->input.pointer_inside || scenario == NULL
      || !muster_map_view_pick (self, self->input.pointer_x, self->input.pointer_y, &pick, NULL)
      || !pick.on_board)
    {
      muster_map_view_set_position_text (self, "");
      return;
    }

  if (scenario->board == MU_BOARD_HEX)
    {
      const MuHexGrid *grid = &scenario->hex_map->grid;
      const MuHexCell *cell = mu_hex_map_cell (scenario->hex_map, pick.hex);
      char label[16];

      mu_hex_format (grid, pick.hex, label, sizeof label);
      if (pick.side_distance < MUSTER_MAP_VIEW_HEX_SIZE * 0.2)
        {
          /* Translators: hex number and the compass name of one of its sides. */
          text = g_strdup_printf (_("Hex %s · hexside %s · %s"), label,
                                  g_dpgettext2 (GETTEXT_PACKAGE, "compass",
                                                mu_hex_direction_name (grid, pick.side_dir)),
                                  mu_terrain_display_name (cell->terrain));
        }
      else
        {
          text = g_strdup_printf (_("Hex %s · %s"), label, mu_terrain_display_name (cell->terrain));
        }
    }
  else
    {
      const char *unit = unit_abbreviation (scenario->table->unit);

      text = g_strdup_printf ("%.1f %s, %.1f %s", pick.table.x, unit, pick.table.y, unit);
    }
  muster_map_view_set_position_text (self, text);
}

const char *
muster_map_view_get_position_text (MusterMapView *self)
{
  g_return_val_if_fail (MUSTER_IS_MAP_VIEW (self), "");

  return self->position_text ? self->position_text : "";
}

/* Characters a line of a counter's tooltip holds at most. */
#define TOOLTIP_WIDTH_CHARS 48
/* Widget pixels the pointer moves from a drop before tooltips come back. */
#define QUIET_DISTANCE 24.0

gboolean
muster_map_view_query_tooltip (GtkWidget  *widget,
                               int         x,
                               int         y,
                               gboolean    keyboard_mode,
                               GtkTooltip *tooltip,
                               gpointer    user_data)
{
  g_autofree char *markup = NULL;

  if (keyboard_mode)
    return FALSE;
  /* a line of sight or a path says what matters there in its own label,
   * which the tooltip would cover */
  {
    MusterMapView *self = MUSTER_MAP_VIEW (widget);
    MusterTrace trace;

    if (self->scene != NULL)
      {
        muster_scene_get_trace (self->scene, &trace);
        if (trace.kind != MUSTER_TRACE_NONE && trace.label != NULL)
          return FALSE;
      }
  }
  /* none at the spot where a drag just ended: it would cover what was
   * dropped there; the pointer moving on brings tooltips back */
  {
    MusterMapView *self = MUSTER_MAP_VIEW (widget);

    if (self->tooltip.tooltip_quiet)
      {
        if (fabs (x - self->tooltip.quiet_x) + fabs (y - self->tooltip.quiet_y) < QUIET_DISTANCE)
          return FALSE;
        self->tooltip.tooltip_quiet = FALSE;
      }
  }
  markup = muster_map_view_describe_at (MUSTER_MAP_VIEW (widget), x, y);
  if (markup == NULL)
    return FALSE;
  {
    /* a paragraph, not a line the board's width */
    GtkWidget *label = gtk_label_new (NULL);

    gtk_label_set_markup (GTK_LABEL (label), markup);
    gtk_label_set_wrap (GTK_LABEL (label), TRUE);
    gtk_label_set_max_width_chars (GTK_LABEL (label), TOOLTIP_WIDTH_CHARS);
    gtk_label_set_xalign (GTK_LABEL (label), 0);
    gtk_tooltip_set_custom (tooltip, label);
  }
  return TRUE;
}

void
muster_map_view_quiet_tooltip (MusterMapView *self,
                               double         x,
                               double         y)
{
  g_return_if_fail (MUSTER_IS_MAP_VIEW (self));

  self->tooltip.tooltip_quiet = TRUE;
  self->tooltip.quiet_x = x;
  self->tooltip.quiet_y = y;
}
