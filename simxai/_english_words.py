"""Common English words that one-edit typo correction leaves as written (`simxai.normalize`).

A word of five letters or more one edit away from a host's word was corrected to it, so "change" became "charge" on
a host with a feature `charge`, "charger" became "charge", "trail" became "trial": a real word turned into a
feature's word, and the turn then named a feature it never said. A word of this list is a word the writer meant;
only words that are not themselves English stay candidates for correction ("pateint", "incmoe"). Inflections need
no entry: `normalize` already leaves a known word's "-s", "-d", "-ed" and "-ing" forms alone.

The list is everyday English of five letters or more (verbs, nouns and adjectives a person uses when asking about
anything), chosen without regard to any host or data set. British and American spellings that differ by one edit
("metre" / "meter", "colour" / "color") keep only the British form here, so an American spelling still meets a host
that writes the British one.
"""

from __future__ import annotations

__all__ = ["COMMON_WORDS"]

#: Lower-case common English words of five letters or more, never corrected as typos.
COMMON_WORDS = frozenset(
    """
    about above accept account across action actual added adult after again agree ahead alive allow alone along
    already always amount angle angry animal annual answer anyone anything apart apply argue arise around arrive
    aside asked avoid award aware badly basic basis beach bears became become before begin begun behind being
    below bench beside better beyond birth black blame blank blind block blood board boost border bottom bought
    brain branch brand brave bread break breed brief bring broad broke brown budget build built burst buyer
    cabin calls camera cards career carry catch cause cease centre chain chair chance change charge charger
    chart cheap check chest chief child choice choose chose chosen civil claim class clean clear click climb
    clock close cloud coach coast colour common could count course court cover crash cream create crime cross
    crowd crown curve cycle daily dance dealt death debate decide defend degree delay depend depth design detail
    device differ dinner direct doing double doubt dozen draft drawn dream dress drink drive driver drove dying
    eager early earned earth eaten eight either elect empty ended enemy energy engine enjoy enough enter entire
    entry equal error event every exact exist extra faced faint faith false family famous farmer father fault
    fewer field fight final finance finger finish first fixed flash flight floor focus force forest forget
    formal former forth forty forward frame fresh friend front fruit fully funny future gained garden gather
    gender given glass going goods grade grand grant grass great green gross group grown guard guess guest guide
    habit happen happy harder heart heavy hence hidden highly hoped horse hotel hourly house however human
    hundred ideal image impact imply income index inner input inside issue itself joint judge keeping known
    labour large later laugh layer leader learn least leave legal lemon length lesson letter level light limit
    linked listen little lived local lodge longer looked loose lucky lunch major maker manner march market
    master match maybe meant measure medal media meeting member mental merely metal method middle might minor
    minute missed mixed money month moral mostly mother motor mount mouth moved movie music narrow nation nature
    nearby needed neither nerve never newly night noise normal notice novel number nurse occur ocean offer
    office often older option order other ought outer owner paint panel paper parent party passed patch pause
    peace people period person phase phone photo piece pilot pitch plain plant plate please point police policy
    poorer popular pound power press price pride prime print prior prison private prize proof proper proud prove
    public quick quiet quite radio raise range rapid rather reach react ready really reason record reduce region
    relax remain remove repair repeat reply report result return review rider right rival river round route
    royal rural sadly safety saying scale scene school screen season second secret sector seems sense serve
    setting seven shape share sharp sheet shelf shift shirt short should shown sight signal silly simple since
    single sister sixty skill sleep slide slight small smart smell smile smoke solid solve sorry sound south
    space spare speak speed spend spent split sport spread spring square staff stage stake stand start state
    steady steel stick still stock stone store storm story strange street stress strike strong stuck study stuff
    style sugar suite super supply surely survey sweet table taken taste teach teeth thank theme there thick
    thing think third though three throw tight timer today total touch tough tower track trade trail train treat
    trend trial tried truly trust truth twice under union unless until upper upset urban usage usual valid value
    video visit voice waste watch water wealth weekly weight where which while white whole whose wider woman
    women world worry worth would write wrong young yours youth
    """.split()
)
