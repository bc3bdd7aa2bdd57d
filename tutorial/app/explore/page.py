"""Explorer page: any position examined destination by destination (the position lab),
and rule variants compared by simulating many hands (the variant lab)."""

import streamlit as st

from tutorial.app.shell import document, session
from tutorial.app.explore import position_lab, variant_lab
from tutorial.app.presenter import mode as presenter

tr = session.tr()
_ = tr.gettext

presenter.page_frame(tr)
st.title(_("Rules explorer"))
labs = {"position": _("Position lab"), "variants": _("Variant lab")}
wanted = session.url_seed("lab")
if "explore-lab" not in st.session_state:
    st.session_state["explore-lab"] = wanted if wanted in labs else "position"
lab = st.segmented_control(_("Lab"), list(labs), format_func=labs.get, label_visibility="collapsed",
                           key=session.labelled_key("explore-lab-choice", labs.values()),
                           default=st.session_state["explore-lab"])
if lab is not None:
    st.session_state["explore-lab"] = lab
lab = st.session_state["explore-lab"]
document.title(labs[lab], _("Explorer"))  # the browser's tab names the lab

if lab == "variants":
    st.markdown(_("Compare rule variants by simulating many seeded hands. The same settings and seed always give "
                  "the same numbers."))
    variant_lab.form()
    variant_lab.results()
else:
    st.markdown(_("Set up any position, see where the turned card may go and what every other choice would be "
                  "called, then play it out turn by turn."))
    position_lab.show()
session.sync_url({"lab": lab, "pos": position_lab.address_value() if lab == "position" else None})
