#define G_LOG_DOMAIN "muster-scenario"

#include "config.h"

#include "mu-scenario.h"

#include <glib/gi18n-lib.h>
#include <string.h>

/* Names ------------------------------------------------------------------------ */

static const char *const terrain_names[MU_TERRAIN_N] = {
  "open", "woodland", "settlement", "marsh", "fields", "water", "rough",
};

static const char *const path_names[MU_PATH_N] = {
  "road", "turnpike", "railroad", "river", "stream",
};

static const char *const area_names[MU_AREA_N] = {
  "woods", "settlement", "hill", "field", "marsh", "fortification", "water", "rough",
  "impassable", "light-woods", "broken", "built-up", "building", "steep-slope", "deployment",
};

static const char *const line_names[MU_LINE_N] = {
  "road", "turnpike", "railroad", "stream", "river", "fence", "wall", "hedge", "defence-works",
  "impassable", "ford", "bridge", "crest",
};

static const char *const edge_names[MU_TABLE_EDGE_N] = {
  "north", "east", "south", "west",
};

static const char *const arm_names[MU_ARM_N] = {
  "infantry", "cavalry", "artillery", "riverboat",
};

static const char *const formation_names[MU_FORMATION_N] = {
  "line", "column", "skirmish", "limbered",
};

static const char *const reserve_kind_names[] = {
  "reserve", "reinforcement", "railroad", "flank-march", "out-circling",
};

static gboolean
lookup_name (const char *const *names,
             int                n,
             const char        *name,
             int               *out)
{
  if (name == NULL)
    return FALSE;
  for (int i = 0; i < n; i++)
    if (strcmp (names[i], name) == 0)
      {
        *out = i;
        return TRUE;
      }
  return FALSE;
}

#define DEFINE_NAMES(Type, prefix, names, count)                              \
  const char *                                                                \
  prefix##_to_string (Type value)                                             \
  {                                                                           \
    g_return_val_if_fail ((int) value >= 0 && (int) value < (int) (count), NULL); \
    return names[value];                                                      \
  }                                                                           \
  gboolean                                                                    \
  prefix##_from_string (const char *name, Type *value)                        \
  {                                                                           \
    int i;                                                                    \
    if (!lookup_name (names, (int) (count), name, &i))                        \
      return FALSE;                                                           \
    *value = (Type) i;                                                        \
    return TRUE;                                                              \
  }

DEFINE_NAMES (MuTerrain, mu_terrain, terrain_names, MU_TERRAIN_N)
DEFINE_NAMES (MuPathKind, mu_path_kind, path_names, MU_PATH_N)
DEFINE_NAMES (MuTableEdge, mu_table_edge, edge_names, MU_TABLE_EDGE_N)
DEFINE_NAMES (MuAreaKind, mu_area_kind, area_names, MU_AREA_N)
DEFINE_NAMES (MuLineKind, mu_line_kind, line_names, MU_LINE_N)
DEFINE_NAMES (MuArm, mu_arm, arm_names, MU_ARM_N)
DEFINE_NAMES (MuFormation, mu_formation, formation_names, MU_FORMATION_N)
DEFINE_NAMES (MuReserveKind, mu_reserve_kind, reserve_kind_names, G_N_ELEMENTS (reserve_kind_names))

const char *
mu_terrain_display_name (MuTerrain terrain)
{
  switch (terrain)
    {
    case MU_TERRAIN_OPEN: return _("Open ground");
    case MU_TERRAIN_WOODLAND: return _("Woodland");
    case MU_TERRAIN_SETTLEMENT: return _("Settlement");
    case MU_TERRAIN_MARSH: return _("Marsh");
    case MU_TERRAIN_FIELDS: return _("Fields");
    case MU_TERRAIN_WATER: return _("Water");
    case MU_TERRAIN_ROUGH: return _("Rough ground");
    case MU_TERRAIN_N:
    default:
      g_return_val_if_reached (NULL);
    }
}

static const char *const area_display_names[MU_AREA_N] = {
  N_("Woods"), N_("Settlement"), N_("Hill"), N_("Field"), N_("Marsh"), N_("Fortification"),
  N_("Water"), N_("Rough ground"), N_("Impassable ground"), N_("Light woods"), N_("Broken ground"),
  N_("Built-up area"), N_("Building"), N_("Steep slope"), N_("Deployment zone"),
};

static const char *const line_display_names[MU_LINE_N] = {
  N_("Road"), N_("Turnpike"), N_("Railroad"), N_("Stream"), N_("River"), N_("Fence"), N_("Wall"),
  N_("Hedge"), N_("Defence works"), N_("Impassable line"), N_("Ford"), N_("Bridge"), N_("Crest line"),
};

const char *
mu_area_kind_display_name (MuAreaKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < MU_AREA_N, NULL);
  return _(area_display_names[kind]);
}

const char *
mu_line_kind_display_name (MuLineKind kind)
{
  g_return_val_if_fail ((int) kind >= 0 && kind < MU_LINE_N, NULL);
  return _(line_display_names[kind]);
}

const char *
mu_counter_kind_to_string (MuCounterKind kind)
{
  switch (kind)
    {
    case MU_COUNTER_CONTROL: return "control";
    case MU_COUNTER_COMMAND: return "command";
    case MU_COUNTER_UNIT: return "unit";
    default:
      g_return_val_if_reached (NULL);
    }
}

static const struct { guint bit; const char *name; } hex_feature_names[] = {
  { MU_HEX_FEATURE_STREAM, "stream" },
  { MU_HEX_FEATURE_FORD, "ford" },
  { MU_HEX_FEATURE_BRIDGE, "bridge" },
  { MU_HEX_FEATURE_IMPASSABLE, "impassable" },
  { MU_HEX_FEATURE_FORTIFICATION, "fortification" },
  { MU_HEX_FEATURE_FORTIFIED_BUILDING, "fortified-building" },
  { MU_HEX_FEATURE_PREPARED_DEFENCE, "prepared-defence" },
  { MU_HEX_FEATURE_BUILDINGS, "buildings" },
};

static const struct { guint bit; const char *name; } side_feature_names[] = {
  { MU_SIDE_STREAM, "stream" },
  { MU_SIDE_HEDGE, "hedge" },
  { MU_SIDE_WALL, "wall" },
  { MU_SIDE_FORTIFICATION, "fortification" },
  { MU_SIDE_FORD, "ford" },
  { MU_SIDE_BRIDGE, "bridge" },
  { MU_SIDE_BREACHED, "breached" },
};

const char *
mu_hex_feature_to_string (MuHexFeatures feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (hex_feature_names); i++)
    if (hex_feature_names[i].bit == (guint) feature)
      return hex_feature_names[i].name;
  return NULL;
}

gboolean
mu_hex_feature_from_string (const char    *name,
                            MuHexFeatures *feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (hex_feature_names); i++)
    if (g_strcmp0 (hex_feature_names[i].name, name) == 0)
      {
        *feature = hex_feature_names[i].bit;
        return TRUE;
      }
  return FALSE;
}

const char *
mu_side_feature_to_string (MuSideFeatures feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (side_feature_names); i++)
    if (side_feature_names[i].bit == (guint) feature)
      return side_feature_names[i].name;
  return NULL;
}

gboolean
mu_side_feature_from_string (const char     *name,
                             MuSideFeatures *feature)
{
  for (guint i = 0; i < G_N_ELEMENTS (side_feature_names); i++)
    if (g_strcmp0 (side_feature_names[i].name, name) == 0)
      {
        *feature = side_feature_names[i].bit;
        return TRUE;
      }
  return FALSE;
}

char *
mu_minutes_to_string (int minutes)
{
  int m = ((minutes % (24 * 60)) + 24 * 60) % (24 * 60);

  return g_strdup_printf ("%02d:%02d", m / 60, m % 60);
}

gboolean
mu_minutes_parse (const char *text,
                  int        *minutes)
{
  int h, m;

  if (text == NULL || strlen (text) != 5 || text[2] != ':' ||
      !g_ascii_isdigit (text[0]) || !g_ascii_isdigit (text[1]) ||
      !g_ascii_isdigit (text[3]) || !g_ascii_isdigit (text[4]))
    return FALSE;
  h = (text[0] - '0') * 10 + (text[1] - '0');
  m = (text[3] - '0') * 10 + (text[4] - '0');
  if (h > 23 || m > 59)
    return FALSE;
  *minutes = h * 60 + m;
  return TRUE;
}
