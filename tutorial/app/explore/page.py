"""Explorer page: any position examined destination by destination (the position lab),
and rule variants compared by simulating many hands (the variant lab)."""

import streamlit as st

from tutorial.app.explore import position_lab, variant_lab
from tutorial.app.explore.model import LAB_CHOICE, LABS, VARIANTS, ExplorerState, LabAddress
from tutorial.app.presenter import mode as presenter
from tutorial.app.shell import document, session

tr = session.tr()
_ = tr.gettext

presenter.page_frame(tr)
st.title(_("Rules explorer"))
names = {"position": _("Position lab"), "variants": _("Variant lab")}
explorer = session.feature(ExplorerState)
address = LabAddress.from_query(session.url_seed)
explorer.seed(address)
lab_key = session.labelled_key(LAB_CHOICE, names.values())
if (back := session.followed()) is not None:  # the browser's Back or Forward: the lab of its address
    explorer.choose(back["lab"])
    st.session_state[lab_key] = explorer.lab
chosen = st.segmented_control(_("Lab"), list(LABS), format_func=lambda lab: names.get(lab, lab),
                              label_visibility="collapsed", key=lab_key,
                              default=None if lab_key in st.session_state else explorer.lab)
explorer.choose(chosen)
document.title(names[explorer.lab], _("Explorer"))  # the browser's tab names the lab

if explorer.lab == VARIANTS:
    st.markdown(_("Compare rule variants by simulating many seeded hands. The same settings and seed always give "
                  "the same numbers."))
    variant_lab.lab().take_link(address.rules, address.vname)  # once per session
    variant_lab.form()
    variant_lab.results()
    own = variant_lab.lab().own_link() or {}
    session.sync_url(LabAddress(explorer.lab, rules=own.get("rules"), vname=own.get("vname")).to_query())
else:
    st.markdown(_("Set up any position, see where the turned card may go and what every other choice would be "
                  "called, then play it out turn by turn."))
    position_lab.show()
    session.sync_url(LabAddress(explorer.lab, position_lab.address_value()).to_query())
