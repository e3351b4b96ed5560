/* muster-tool-palette.c: the editor's tool palette: the tools' table (names,
 * labels, hints, keys), their buttons, and the options of the active tool. */
#define G_LOG_DOMAIN "muster-editor"

#include "config.h"

#include "muster-tool-palette.h"

#include <glib/gi18n.h>

#include "muster-editor-widgets.h"
#include "muster-swatch.h"

/* Icon buttons in rows of this many. */
#define TOOL_COLUMNS 7
/* The side of a terrain, path or hexside swatch in pixels (drawn at twice
 * the size shown, for high-density screens). */
#define SWATCH_SIZE 48

static const struct {
  const char *name;       /* also the nick of MUSTER_TYPE_TOOL, editor.tool's target */
  const char *label;      /* translated in the palette */
  const char *tooltip;
  guint key;              /* one-key shortcut on the board, as map editors have */
} tools[MUSTER_TOOL_N] = {
  [MUSTER_TOOL_SELECT] = { "select", N_("Select"), N_("Select and inspect a hex or counter"), GDK_KEY_s },
  [MUSTER_TOOL_BRUSH] = { "brush", N_("Brush"), N_("Paint terrain; drag to paint a stroke"), GDK_KEY_b },
  [MUSTER_TOOL_FILL] = { "fill", N_("Fill"), N_("Fill the connected area of the same terrain"), GDK_KEY_f },
  [MUSTER_TOOL_RECTANGLE] = { "rectangle", N_("Rectangle"), N_("Drag a rectangle of hexes to paint"), GDK_KEY_r },
  [MUSTER_TOOL_LASSO] = { "lasso", N_("Lasso"), N_("Draw round an area; the hexes whose centres it encloses are painted"), GDK_KEY_l },
  [MUSTER_TOOL_RAISE] = { "raise", N_("Raise"), N_("Raise the ground one level under the brush"), GDK_KEY_u },
  [MUSTER_TOOL_LOWER] = { "lower", N_("Lower"), N_("Lower the ground one level under the brush"), GDK_KEY_d },
  [MUSTER_TOOL_HEXSIDE] = { "hexside", N_("Hexside"), N_("Add or remove a feature on the nearest hexside"), GDK_KEY_h },
  [MUSTER_TOOL_PATH] = { "path", N_("Path"), N_("Drag from hex to hex to draw roads, railroads and rivers"), GDK_KEY_p },
  [MUSTER_TOOL_LABEL] = { "label", N_("Label"), N_("Place a label with the text below"), GDK_KEY_t },
  [MUSTER_TOOL_OBJECTIVE] = { "objective", N_("Objective"), N_("Place an objective named with the text below"), GDK_KEY_o },
  [MUSTER_TOOL_ENTRY] = { "entry", N_("Entry"), N_("Click board edge hexes where the chosen reserve enters (a railroad reserve: railroad hexes)"), GDK_KEY_e },
  [MUSTER_TOOL_AREA] = { "area", N_("Area"), N_("Tabletop: click the corners of a terrain area; click the last one again or press Enter to finish"), GDK_KEY_a },
  [MUSTER_TOOL_LINE] = { "line", N_("Line"), N_("Tabletop: click the points of a road, stream or wall; click the last one again or press Enter to finish"), GDK_KEY_i },
};

/* A table has no hexes: what the Select tool picks there. */
#define SELECT_TABLE_HINT N_("Select and inspect a counter, area or line")

static const MuSideFeatures side_features[] = {
  MU_SIDE_STREAM, MU_SIDE_HEDGE, MU_SIDE_WALL, MU_SIDE_FORTIFICATION, MU_SIDE_FORD, MU_SIDE_BRIDGE,
};
static const MuBrushSize brush_sizes[] = { MU_BRUSH_1, MU_BRUSH_7, MU_BRUSH_19 };

/* Which rows of the options grid a tool uses, in the grid's order
 * (muster-tool-palette.ui). */
enum {
  OPTION_TERRAIN = 1 << 0,
  OPTION_BRUSH = 1 << 1,
  OPTION_HEXSIDE = 1 << 2,
  OPTION_PATH = 1 << 3,
  OPTION_TEXT = 1 << 4,
  OPTION_RESERVE = 1 << 5,
  OPTION_AREA = 1 << 6,
  OPTION_LINE = 1 << 7,
};

static const guint grid_rows[] = { OPTION_TERRAIN, OPTION_BRUSH, OPTION_HEXSIDE, OPTION_PATH,
                                   OPTION_PATH, OPTION_TEXT, OPTION_AREA, OPTION_LINE, OPTION_RESERVE };

struct _MusterToolPalette
{
  GtkBox parent_instance;

  MusterTool tool;
  int table;                    /* the board shown is a table's (-1: none shown yet) */
  gboolean filling;             /* the reserves' list is being refilled: no choice */
  GtkWidget *buttons[MUSTER_TOOL_N];

  /* Template children. */
  GtkGrid *tool_grid;
  GtkLabel *options_heading;
  GtkLabel *hint;
  GtkGrid *options_grid;
  GtkDropDown *terrain_dropdown;
  GtkDropDown *brush_dropdown;
  GtkDropDown *side_dropdown;
  GtkDropDown *path_dropdown;
  GtkCheckButton *erase_check;
  GtkEntry *text_entry;
  GtkDropDown *area_dropdown;
  GtkDropDown *line_dropdown;
  GtkDropDown *reserve_dropdown;
};

G_DEFINE_FINAL_TYPE (MusterToolPalette, muster_tool_palette, GTK_TYPE_BOX)

enum {
  SIGNAL_CHANGED,
  SIGNAL_RESERVE_CHOSEN,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

/* The tools ---------------------------------------------------------------------- */

GType
muster_tool_get_type (void)
{
  static gsize type = 0;

  if (g_once_init_enter (&type))
    {
      static GEnumValue values[MUSTER_TOOL_N + 1];

      for (int i = 0; i < MUSTER_TOOL_N; i++)
        values[i] = (GEnumValue) { i, tools[i].name, tools[i].name };
      g_once_init_leave (&type, g_enum_register_static (g_intern_static_string ("MusterTool"), values));
    }
  return type;
}

const char *
muster_tool_to_string (MusterTool tool)
{
  g_return_val_if_fail ((int) tool >= 0 && tool < MUSTER_TOOL_N, NULL);
  return tools[tool].name;
}

gboolean
muster_tool_from_string (const char *name,
                         MusterTool *tool)
{
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    if (g_strcmp0 (tools[i].name, name) == 0)
      {
        *tool = (MusterTool) i;
        return TRUE;
      }
  return FALSE;
}

static gboolean
tool_for_table (MusterTool tool)
{
  return tool == MUSTER_TOOL_SELECT || tool == MUSTER_TOOL_LABEL || tool == MUSTER_TOOL_OBJECTIVE ||
         tool == MUSTER_TOOL_AREA || tool == MUSTER_TOOL_LINE;
}

static gboolean
tool_for_hex (MusterTool tool)
{
  return tool != MUSTER_TOOL_AREA && tool != MUSTER_TOOL_LINE;
}

static guint
tool_options (MusterTool tool)
{
  switch (tool)
    {
    case MUSTER_TOOL_BRUSH:
      return OPTION_TERRAIN | OPTION_BRUSH;
    case MUSTER_TOOL_FILL:
    case MUSTER_TOOL_RECTANGLE:
    case MUSTER_TOOL_LASSO:
      return OPTION_TERRAIN;
    case MUSTER_TOOL_RAISE:
    case MUSTER_TOOL_LOWER:
      return OPTION_BRUSH;
    case MUSTER_TOOL_HEXSIDE:
      return OPTION_HEXSIDE;
    case MUSTER_TOOL_PATH:
      return OPTION_PATH;
    case MUSTER_TOOL_LABEL:
    case MUSTER_TOOL_OBJECTIVE:
      return OPTION_TEXT;
    case MUSTER_TOOL_ENTRY:
      return OPTION_RESERVE;
    case MUSTER_TOOL_AREA:
      return OPTION_AREA;
    case MUSTER_TOOL_LINE:
      return OPTION_LINE;
    case MUSTER_TOOL_SELECT:
    case MUSTER_TOOL_N:
    default:
      return 0;
    }
}

/* Only the active tool's options are shown, under its name and what it does. */
/* What the tool does, on the board shown (translated). */
static const char *
tool_hint (MusterToolPalette *self,
           MusterTool         tool)
{
  if (tool == MUSTER_TOOL_SELECT && self->table == 1)
    return _(SELECT_TABLE_HINT);
  return _(tools[tool].tooltip);
}

/* The button's tooltip (its name, its key, what it does) and its
 * accessible description, for the board shown. */
static void
describe_button (MusterToolPalette *self,
                 MusterTool         tool)
{
  /* TRANSLATORS: a tool's tooltip: its name, its key, what it does */
  g_autofree char *tip = g_strdup_printf (_("%s (%s): %s"), _(tools[tool].label),
                                          gdk_keyval_name (gdk_keyval_to_upper (tools[tool].key)),
                                          tool_hint (self, tool));

  gtk_widget_set_tooltip_text (self->buttons[tool], tip);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->buttons[tool]),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _(tools[tool].label),
                                  GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, tool_hint (self, tool),
                                  -1);
}

static void
update_options (MusterToolPalette *self)
{
  guint options = tool_options (self->tool);
  GtkWidget *w;

  for (guint row = 0; row < G_N_ELEMENTS (grid_rows); row++)
    for (int col = 0; col < 2; col++)
      if ((w = gtk_grid_get_child_at (self->options_grid, col, (int) row)))
        gtk_widget_set_visible (w, (options & grid_rows[row]) != 0);
  gtk_widget_set_visible (GTK_WIDGET (self->options_grid), options != 0);
  /* TRANSLATORS: the heading over the active tool's options, e.g. "Brush" */
  gtk_label_set_label (self->options_heading, _(tools[self->tool].label));
  gtk_label_set_label (self->hint, tool_hint (self, self->tool));
}

void
muster_tool_palette_set_tool (MusterToolPalette *self,
                              MusterTool         tool)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  g_return_if_fail ((int) tool >= 0 && tool < MUSTER_TOOL_N);

  self->tool = tool;
  update_options (self);
}

MusterTool
muster_tool_palette_get_tool (MusterToolPalette *self)
{
  g_return_val_if_fail (MUSTER_IS_TOOL_PALETTE (self), MUSTER_TOOL_SELECT);
  return self->tool;
}

gboolean
muster_tool_palette_set_table (MusterToolPalette *self,
                               gboolean           table)
{
  GtkLayoutManager *layout;
  int n = 0;

  g_return_val_if_fail (MUSTER_IS_TOOL_PALETTE (self), FALSE);

  if (self->table == (int) !!table)
    return FALSE;
  self->table = !!table;
  layout = gtk_widget_get_layout_manager (GTK_WIDGET (self->tool_grid));
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = self->buttons[i];
      gboolean show = table ? tool_for_table ((MusterTool) i) : tool_for_hex ((MusterTool) i);

      /* shown tools fill the grid in palette order */
      if (show)
        {
          GtkGridLayoutChild *child = GTK_GRID_LAYOUT_CHILD (gtk_layout_manager_get_layout_child (layout, button));

          gtk_grid_layout_child_set_column (child, n % TOOL_COLUMNS);
          gtk_grid_layout_child_set_row (child, n / TOOL_COLUMNS);
          n++;
        }
      gtk_widget_set_visible (button, show);
    }
  describe_button (self, MUSTER_TOOL_SELECT);
  update_options (self);
  return TRUE;
}

gboolean
muster_tool_palette_offers (MusterToolPalette *self,
                            MusterTool         tool)
{
  g_return_val_if_fail (MUSTER_IS_TOOL_PALETTE (self), FALSE);
  g_return_val_if_fail ((int) tool >= 0 && tool < MUSTER_TOOL_N, FALSE);
  return gtk_widget_get_visible (self->buttons[tool]);
}

gboolean
muster_tool_palette_tool_for_key (MusterToolPalette *self,
                                  guint              keyval,
                                  MusterTool        *tool)
{
  guint key = gdk_keyval_to_lower (keyval);

  g_return_val_if_fail (MUSTER_IS_TOOL_PALETTE (self), FALSE);

  for (int i = 0; i < MUSTER_TOOL_N; i++)
    if (tools[i].key == key && gtk_widget_get_visible (self->buttons[i]))
      {
        *tool = (MusterTool) i;
        return TRUE;
      }
  return FALSE;
}

/* The options ---------------------------------------------------------------------- */

void
muster_tool_palette_read_options (MusterToolPalette *self,
                                  MusterToolOptions *options)
{
  guint side = gtk_drop_down_get_selected (self->side_dropdown);
  guint brush = gtk_drop_down_get_selected (self->brush_dropdown);

  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));

  options->terrain = MIN (gtk_drop_down_get_selected (self->terrain_dropdown), MU_TERRAIN_N - 1);
  options->brush = brush_sizes[MIN (brush, G_N_ELEMENTS (brush_sizes) - 1)];
  options->side_feature = side_features[MIN (side, G_N_ELEMENTS (side_features) - 1)];
  options->path_kind = MIN (gtk_drop_down_get_selected (self->path_dropdown), MU_PATH_N - 1);
  options->path_erase = gtk_check_button_get_active (self->erase_check);
  options->area_kind = MIN (gtk_drop_down_get_selected (self->area_dropdown), MU_AREA_N - 1);
  options->line_kind = MIN (gtk_drop_down_get_selected (self->line_dropdown), MU_LINE_N - 1);
}

const char *
muster_tool_palette_get_text (MusterToolPalette *self)
{
  g_return_val_if_fail (MUSTER_IS_TOOL_PALETTE (self), NULL);
  return gtk_editable_get_text (GTK_EDITABLE (self->text_entry));
}

void
muster_tool_palette_set_terrain (MusterToolPalette *self,
                                 MuTerrain          terrain)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_drop_down_set_selected (self->terrain_dropdown, terrain);
}

void
muster_tool_palette_set_brush_size (MusterToolPalette *self,
                                    MuBrushSize        size)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  for (guint i = 0; i < G_N_ELEMENTS (brush_sizes); i++)
    if (brush_sizes[i] == size)
      gtk_drop_down_set_selected (self->brush_dropdown, i);
}

void
muster_tool_palette_set_side_feature (MusterToolPalette *self,
                                      guint              feature)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
    if (side_features[i] == feature)
      gtk_drop_down_set_selected (self->side_dropdown, i);
}

void
muster_tool_palette_set_path_kind (MusterToolPalette *self,
                                   MuPathKind         kind)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_drop_down_set_selected (self->path_dropdown, kind);
}

void
muster_tool_palette_set_path_erase (MusterToolPalette *self,
                                    gboolean           erase)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_check_button_set_active (self->erase_check, erase);
}

void
muster_tool_palette_set_text (MusterToolPalette *self,
                              const char        *text)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_editable_set_text (GTK_EDITABLE (self->text_entry), text ? text : "");
}

void
muster_tool_palette_set_area_kind (MusterToolPalette *self,
                                   MuAreaKind         kind)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_drop_down_set_selected (self->area_dropdown, kind);
}

void
muster_tool_palette_set_line_kind (MusterToolPalette *self,
                                   MuLineKind         kind)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));
  gtk_drop_down_set_selected (self->line_dropdown, kind);
}

void
muster_tool_palette_set_reserves (MusterToolPalette *self,
                                  GPtrArray         *names,
                                  guint              selected)
{
  g_return_if_fail (MUSTER_IS_TOOL_PALETTE (self));

  self->filling = TRUE;
  muster_editor_set_dropdown_strings (self->reserve_dropdown, names);
  gtk_drop_down_set_selected (self->reserve_dropdown, selected);
  gtk_widget_set_sensitive (GTK_WIDGET (self->reserve_dropdown), names->len > 0);
  self->filling = FALSE;
}

static void
on_option_changed (MusterToolPalette *self)
{
  g_signal_emit (self, signals[SIGNAL_CHANGED], 0);
}

static void
on_reserve_selected (MusterToolPalette *self)
{
  guint i = gtk_drop_down_get_selected (self->reserve_dropdown);

  if (!self->filling && i != GTK_INVALID_LIST_POSITION)
    g_signal_emit (self, signals[SIGNAL_RESERVE_CHOSEN], 0, i);
}

/* Object --------------------------------------------------------------------------- */

static void
muster_tool_palette_class_init (MusterToolPaletteClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/muster/Muster/muster-tool-palette.ui");
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, tool_grid);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, options_heading);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, hint);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, options_grid);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, terrain_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, brush_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, side_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, path_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, erase_check);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, text_entry);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, area_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, line_dropdown);
  gtk_widget_class_bind_template_child (widget_class, MusterToolPalette, reserve_dropdown);
  gtk_widget_class_bind_template_callback (widget_class, on_option_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_reserve_selected);

  /* Any option of the tools changed. */
  signals[SIGNAL_CHANGED] =
    g_signal_new ("changed", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 0);
  /* A person chose the index'th reserve of those set. */
  signals[SIGNAL_RESERVE_CHOSEN] =
    g_signal_new ("reserve-chosen", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST, 0,
                  NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_UINT);
}

/* Terrain, hexside features and paths are picked from swatches drawn as on
 * the board. */
static void
fill_dropdowns (MusterToolPalette *self)
{
  const char *terrains[MU_TERRAIN_N], *areas[MU_AREA_N], *lines[MU_LINE_N];
  const char *brushes[] = { _("1 hex"), _("7 hexes"), _("19 hexes") };
  const char *sides[] = { _("Stream"), _("Hedge"), _("Wall"), _("Fortification"), _("Ford"), _("Bridge") };
  const char *paths[] = { _("Road"), _("Turnpike"), _("Railroad"), _("River"), _("Stream") };
  GdkTexture *swatches[MAX (MAX ((int) MU_TERRAIN_N, (int) MU_PATH_N), (int) G_N_ELEMENTS (side_features))];
  struct { GtkDropDown *dropdown; const char **items; guint n; } lists[] = {
    { self->terrain_dropdown, terrains, MU_TERRAIN_N },
    { self->brush_dropdown, brushes, G_N_ELEMENTS (brushes) },
    { self->side_dropdown, sides, G_N_ELEMENTS (sides) },
    { self->path_dropdown, paths, G_N_ELEMENTS (paths) },
    { self->area_dropdown, areas, MU_AREA_N },
    { self->line_dropdown, lines, MU_LINE_N },
  };

  for (int i = 0; i < MU_TERRAIN_N; i++)
    terrains[i] = mu_terrain_display_name ((MuTerrain) i);
  for (int i = 0; i < MU_AREA_N; i++)
    areas[i] = mu_area_kind_display_name (i);
  for (int i = 0; i < MU_LINE_N; i++)
    lines[i] = mu_line_kind_display_name (i);
  for (guint i = 0; i < G_N_ELEMENTS (lists); i++)
    {
      g_autoptr(GListModel) model = muster_editor_string_model (lists[i].items, lists[i].n);

      gtk_drop_down_set_model (lists[i].dropdown, model);
    }
  gtk_drop_down_set_selected (self->terrain_dropdown, MU_TERRAIN_WOODLAND);

  for (int i = 0; i < MU_TERRAIN_N; i++)
    swatches[i] = muster_swatch_terrain ((MuTerrain) i, SWATCH_SIZE);
  muster_swatch_dropdown (self->terrain_dropdown, swatches, MU_TERRAIN_N);
  for (int i = 0; i < MU_TERRAIN_N; i++)
    g_object_unref (swatches[i]);
  for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
    swatches[i] = muster_swatch_hexside (side_features[i], SWATCH_SIZE);
  muster_swatch_dropdown (self->side_dropdown, swatches, G_N_ELEMENTS (side_features));
  for (guint i = 0; i < G_N_ELEMENTS (side_features); i++)
    g_object_unref (swatches[i]);
  for (int i = 0; i < MU_PATH_N; i++)
    swatches[i] = muster_swatch_path ((MuPathKind) i, SWATCH_SIZE);
  muster_swatch_dropdown (self->path_dropdown, swatches, MU_PATH_N);
  for (int i = 0; i < MU_PATH_N; i++)
    g_object_unref (swatches[i]);

  muster_editor_ellipsize_dropdown (self->brush_dropdown);
  muster_editor_ellipsize_dropdown (self->area_dropdown);
  muster_editor_ellipsize_dropdown (self->line_dropdown);
  muster_editor_ellipsize_dropdown (self->reserve_dropdown);
}

/* The buttons are made from the tools' table: a button a tool, its icon,
 * name, key and hint. */
static void
add_tool_buttons (MusterToolPalette *self)
{
  for (int i = 0; i < MUSTER_TOOL_N; i++)
    {
      GtkWidget *button = gtk_toggle_button_new ();
      g_autofree char *icon = g_strdup_printf ("muster-tool-%s-symbolic", tools[i].name);

      gtk_button_set_icon_name (GTK_BUTTON (button), icon);
      gtk_widget_add_css_class (button, "tool-button");
      gtk_actionable_set_action_name (GTK_ACTIONABLE (button), "editor.tool");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (button), "s", tools[i].name);
      gtk_grid_attach (self->tool_grid, button, i % TOOL_COLUMNS, i / TOOL_COLUMNS, 1, 1);
      self->buttons[i] = button;
      describe_button (self, (MusterTool) i);
    }
}

static void
muster_tool_palette_init (MusterToolPalette *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));

  self->table = -1;
  fill_dropdowns (self);
  add_tool_buttons (self);
  update_options (self);
}
