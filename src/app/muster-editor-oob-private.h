/* muster-editor-oob-private.h: what the order-of-battle panel's parts share
 * (muster-editor-oob.c, muster-editor-oob-form.c) */
#pragma once

#include "muster-editor-oob.h"

G_BEGIN_DECLS

struct _MusterEditorOob
{
  GtkBox parent_instance;

  MuEditHistory *history;
  gulong changed_id;
  GListStore *roots;
  GtkTreeListModel *tree;
  GtkSingleSelection *selection;
  /* The tree's rows by parent, built once after each change of the
   * scenario: "c:" + a counter id, or "s:" + a side id for the side's
   * top counters, to a GPtrArray of counter ids in scenario order. */
  GHashTable *children;
  GtkListView *list;
  GtkGrid *form;
  GtkLabel *message;
  char *selected;
  char *form_of;                /* the side or counter id the form shows */
  gboolean updating;
  guint form_idle;
  GtkWidget *menu;              /* the context menu, once opened */
};

/* The colours offered for sides, the usual ones of the war first. */
extern const guint32 muster_editor_oob_side_colours[8];

MuScenario *muster_editor_oob_scenario     (MusterEditorOob *self);
/* Shows the error of a refused change under the tree, or hides it. */
void        muster_editor_oob_show_result  (MusterEditorOob *self, gboolean ok, GError **error);
/* Rebuilds the form of the selected side's or counter's values
 * (muster-editor-oob-form.c). */
void        muster_editor_oob_rebuild_form (MusterEditorOob *self);

/* The context menu (muster-editor-oob-menu.c): its actions and keys on
 * the panel and the tree, its right click on each row. */
void        muster_editor_oob_menu_class_init (GtkWidgetClass *widget_class);
void        muster_editor_oob_menu_init    (MusterEditorOob *self);
/* The "reserve" property behind oob.reserve: the selected counter's
 * reserve id ("" for none); setting it is one undoable step. */
const char *muster_editor_oob_menu_get_reserve (MusterEditorOob *self);
void        muster_editor_oob_menu_set_reserve (MusterEditorOob *self, const char *id);
void        muster_editor_oob_menu_attach  (MusterEditorOob *self, GtkWidget *row);
void        muster_editor_oob_menu_dispose (MusterEditorOob *self);

G_END_DECLS
