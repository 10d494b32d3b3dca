"""Hand-written replies about real outputs of all eleven functions on the demo, loan and sentiment hosts, in the
styles an 8B model verbalizes them (hedged, rounded, lists, tables, the recorded label as recorded), each
marked faithful or not. They were written in eight batches while the guard's probes3 work went on; each batch's
first run is recorded in docs/guard.md, and what it showed was then read, so these are regression cases, not a
measurement. Replies the guard still cannot judge are listed there under "What is not checked".
"""

from __future__ import annotations

from typing import Any

import pytest

from simxai.functions import default_registry
from simxai.guard import Vocabulary, check_claims
from simxai.results import result_payload

REPLIES: list[tuple[str, str, dict[str, Any], bool, str]] = [
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "I ran the what-if for patient 12. Lowering triglycerides_log by about 10% (from 4.304 to "
        "roughly 3.87) doesn't change the outcome: the model still predicts stable, and actually "
        "becomes more confident, going from about 79% to about 88%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Good news — the prediction stays the same. With a 10% lower triglycerides_log, patient 12 "
        "remains stable (87.7% vs 78.6% before), so the risk of progressing drops to around 12%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "If triglycerides_log went up by 40% for patient 101 (to about 6.03), the model would change "
        "its prediction from stable to progressing. The probability of progressing would rise from "
        "10.7% to 64.9%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "Yes, that change would flip it. Patient 101 is currently predicted stable (89.3%), but with "
        "triglycerides_log at 6.026 the model would predict progressing with about 65% probability. "
        "Keep in mind this is just the model's behaviour, not a medical forecast.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "Here's what happens:\n"
        "\n- **Before:** stable (89.3% stable, 10.7% progressing)\n- **After raising triglycerides_log to 6"
        ".026:** progressing (64.9% progressing, 35.1% stable)\n"
        "\nSo the increase is enough to change the prediction.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"credit_score": "-10%"}},
        True,
        "A 10% drop in credit score (838 → 754.2) would not change the decision for applicant 12: the "
        "loan would still be approved, though the approval probability would fall from 78.0% to 71.6%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "Raising applicant 101's credit score by 40%, from 613 to about 858, would turn the rejection "
        "into an approval according to the model.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        True,
        "If you replace 'superb' with 'awful', the review flips from positive to negative: the model "
        "gives negative 72.9% after the edit, compared with 18.8% before.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        True,
        "Removing 'Worst' doesn't change the verdict; the review is still classified as negative.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "Interesting! Once 'dull' is removed, the model no longer sees the review as negative; it now "
        "predicts positive.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        True,
        "The model predicts stable for patient 12 rather than progressing. According to the "
        "counterfactual search, increasing bmi from 23.7 to about 27.3 would be enough to change the "
        "prediction to progressing (51.8%), which suggests the model is quite sensitive to BMI for this "
        "patient.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        True,
        "Patient 12 isn't predicted progressing mainly because their BMI is relatively low. If BMI rose "
        "to 27.3, the prediction would tip over to progressing, but only just (about 52%).",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 101},
        True,
        "To get approved, applicant 101 would need a higher credit score: raising it from 613 to 668 "
        "would change the model's decision to approved, with a probability of about 53%. No other "
        "changes were needed in the counterfactual.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 12},
        True,
        "Applicant 12 is approved, not rejected. The smallest change that would lead to a rejection is "
        "a lower credit_score (676 instead of 838). Everything else, like income and loan amount, stays "
        "the same.",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 21},
        True,
        "The review is predicted negative. Changing 'Worst' to 'Best' would make the model predict positive (81.8%).",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 56},
        True,
        "To make this review negative, you could replace 'perfect' with 'flawed'. That single word "
        "change is enough, and the model would then say negative with 73.8% probability.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        True,
        "For patient 12 the model predicts stable (78.6%). The SHAP values show that triglycerides_log "
        "(4.304), hdl (62) and bmi (23.7) all push towards stable, while sex and glucose push slightly "
        "the other way. Overall, the low triglycerides and high HDL are what keep this patient in the "
        "stable group.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        True,
        "The main factors are:\n"
        "1. triglycerides_log = 4.304 (towards stable)\n"
        "2. hdl = 62 (towards stable)\n"
        "3. bmi = 23.7 (towards stable)\n"
        "4. sex = 1 (away from stable)\n\nThese explain most of the 78.6% probability.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        True,
        "Applicant 12 is approved mostly thanks to an excellent credit score of 838, which adds about "
        "0.27 to the approval probability. Their debt-to-income ratio of 0.43 works against them "
        "(-0.14), and smaller factors such as employment years, home ownership and loan term nudge it "
        "slightly towards approval.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        True,
        "| Feature | Value | Contribution |\n"
        "|---|---|---|\n"
        "| credit_score | 838 | +0.272 |\n"
        "| debt_to_income | 0.43 | -0.14 |\n"
        "| employment_years | 7 | +0.027 |\n"
        "\nThe credit score is by far the strongest driver of the approval.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 0},
        True,
        "The review is predicted positive (81.2%), and it's almost entirely because of the word "
        "'superb', which contributes about 0.31. The other words, like 'acting' and 'story', have no "
        "effect.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "Across the dataset, triglycerides_log is the most important feature by a clear margin (0.927), "
        "followed by bmi (0.585), blood pressure (0.396) and hdl (0.35). Age and ldl matter much less.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "Globally the model relies most on triglycerides, BMI and blood pressure. Features like "
        "cholesterol ratio barely matter.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "Credit score and debt-to-income ratio dominate the model's decisions overall, followed at a "
        "distance by loan amount and income. Region and age hardly matter at all.",
    ),
    (
        "sentiment",
        "get_global_explanation",
        {},
        True,
        "Overall the most influential words are 'love', 'beautifully' and 'not'. Positive words such as "
        "'satisfying' and 'good' push towards positive, while 'dull' pushes towards negative.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 12},
        True,
        "The model predicts that patient 12 will remain stable, with a probability of about 79%. Note "
        "that the recorded outcome for this patient is actually progressing, so this is one of the "
        "cases the model gets wrong.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 12},
        True,
        "Applicant 12's loan is predicted to be approved (78%), which matches the recorded decision.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 21},
        True,
        "Review 21 is classified as negative with high confidence.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "On the 89 held-out patients, the model's accuracy is 73%, with precision and recall both "
        "around 0.73 and an ROC AUC of 0.80. In other words, it's right about three times out of four — "
        "decent, but far from perfect.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The model has an accuracy of 77% on 300 held-out applicants. Its precision (0.79) is higher "
        "than its recall (0.66), so it misses some rejected applicants. The AUC of 0.88 indicates good "
        "separation.",
    ),
    (
        "sentiment",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Performance on the 120 labelled reviews: accuracy 0.9, precision 0.914, recall 0.883, F1 0.898 "
        "and ROC AUC 0.941.",
    ),
    (
        "demo",
        "get_data_information",
        {},
        True,
        "The dataset is the diabetes data from Efron et al. (2004): 442 patients with ten baseline "
        "measurements such as age, BMI, blood pressure and six blood serum values. Exactly half (221) "
        "are labelled progressing and half stable.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        True,
        "It's a synthetic dataset of 1500 loan applications with 10 features (age, income, credit "
        "score, loan amount, loan term, employment years, debt-to-income, region, home ownership and "
        "purpose). 831 were approved and 669 rejected.",
    ),
    (
        "demo",
        "get_model_information",
        {},
        True,
        "The model is a gradient-boosting classifier from scikit-learn with 100 trees of depth 2 and a "
        "learning rate of 0.1. It was trained on 353 patients and tested on 89.",
    ),
    (
        "loan",
        "get_model_information",
        {},
        True,
        "Under the hood it's a random forest with 100 trees (max depth 8) inside a scikit-learn "
        "pipeline that one-hot encodes region, home ownership and purpose.",
    ),
    (
        "sentiment",
        "get_model_information",
        {},
        True,
        "The model is VADER, a lexicon- and rule-based sentiment analyzer. It isn't trained on data; it "
        "looks up words in a lexicon of about 7,500 rated words and applies rules for negation and "
        "intensifiers.",
    ),
    (
        "demo",
        "get_output_information",
        {},
        True,
        "The model outputs one of two labels: stable (the progression score is predicted to be at most "
        "140) or progressing (above 140), along with a probability for each.",
    ),
    (
        "loan",
        "get_output_information",
        {},
        True,
        "There are two possible outcomes: approved or rejected. The probabilities are the model's "
        "scores and may not be calibrated.",
    ),
    (
        "demo",
        "explain_how_to_still_be_this",
        {"instance": 12},
        True,
        "Patient 12's stable prediction is fairly robust. For example, BMI can vary between 18 and 27.2 "
        "and hdl between 42 and 99 without changing it, and all 305 sampled changes kept the prediction.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 12},
        True,
        "As long as the credit score stays above 686, applicant 12 remains approved; the other features "
        "can take any value in their observed ranges on their own.",
    ),
    (
        "sentiment",
        "explain_how_to_still_be_this",
        {"instance": 0},
        True,
        "The positive prediction holds if you remove words like 'acting', 'story' or 'hooked'; 9 of the "
        "12 edits tried kept it positive.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        False,
        "Lowering triglycerides_log by 10% would flip patient 12 to progressing.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        False,
        "Even with triglycerides_log at 6.026, patient 101 would stay stable.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        False,
        "To become progressing, patient 12 would need bmi raised to 27.3 and their cholesterol level lowered to 150.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        False,
        "Applicant 12 is approved mainly because of their savings, along with a credit score of 838.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        False,
        "The key drivers are triglycerides_log, hdl and smoking status.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 12},
        False,
        "If the credit score dropped to 676, the application would still be approved.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        False,
        "Removing 'Worst' turns the review positive.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        False,
        "Globally, the top features are triglycerides_log, bmi and family history.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 40},
        True,
        "Applicant 40 is very likely to be approved — the model puts the approval probability at "
        "roughly 90%, leaving only about 10% for rejection. This agrees with the decision recorded in "
        "the data.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 101},
        True,
        "The model rejects applicant 101 with 75.5% confidence. The actual decision in the dataset was "
        "also a rejection, so the model is correct here.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 40},
        True,
        "Patient 40 is a close call: the model leans towards stable at 55.4%, with progressing at "
        "44.6%. The recorded label is stable, so the prediction happens to be right.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 56},
        True,
        'Review 56 ("This coffee maker brews a perfect cup every morning.") is classified as positive, '
        "with a probability of about 79%.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 40},
        True,
        "For patient 40 (predicted stable, 55.4%), the picture is mixed. The strongest single factor is "
        "triglycerides_log = 4.779, which actually pushes away from stable. It is offset by bmi (25.6) "
        "and sex (2), which both push towards stable. HDL of 43 and glucose of 114 also push slightly "
        "against stable.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 40},
        True,
        "In a nutshell: high triglycerides argue for progressing, but a moderate BMI and the patient's "
        "sex pull the prediction back to stable, which is why the model ends up only slightly favouring "
        "stable.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 101},
        True,
        "Applicant 101 is rejected (75.5%). The biggest reason is the credit score of 613, which raises "
        "the rejection probability by about 0.19. A debt-to-income ratio of 0.31 and an income of 28.7k "
        "add to it, whereas the small loan amount (6.6k) works slightly in the applicant's favour.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 101},
        True,
        "Top contributors to the rejection:\n"
        "\n| Feature | Value | Effect |\n|---|---|---|\n| credit_score | 613 | +0.188 |\n| debt_to_income | 0"
        ".31 | +0.061 |\n"
        "| loan_amount | 6.6 | -0.06 |\n"
        "| income | 28.7 | +0.052 |\n\nPositive values push towards rejected.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 119},
        True,
        "The word 'dull' is what makes review 119 negative: it adds about 0.21 to the negative "
        "probability. Interestingly, 'straight' pulls slightly the other way (-0.11). The final "
        "probability of negative is around 60%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        True,
        "Even with a 10% lower credit score (691 instead of 768), applicant 40 would still be approved. "
        "The approval probability would drop a bit, from 89.5% to 84.0%, but the decision doesn't "
        "change.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        True,
        "Short answer: no. Lowering the credit score to 691.2 keeps the application approved (84% "
        "approval, 16% rejection).",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "Without the word 'dull', review 119 would be classified as positive instead of negative: the "
        "positive probability rises from 39.9% to 61.3%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "Removing 'dull' flips the prediction. Before the edit the model said negative (60.1%); after "
        "it, the model says positive (61.3%).",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Lowering triglycerides_log from 4.779 to 4.301 makes patient 40 much more clearly stable — the "
        "probability of stable climbs from 55.4% to 82%. The prediction itself doesn't change.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        True,
        "| | Before | After |\n"
        "|---|---|---|\n"
        "| triglycerides_log | 4.779 | 4.301 |\n"
        "| stable | 55.4% | 82.0% |\n"
        "| progressing | 44.6% | 18.0% |\n\nThe prediction remains stable in both cases.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 40},
        True,
        "Patient 40 is predicted stable rather than progressing. It would take only a tiny increase in "
        "triglycerides_log — from 4.779 to 4.825 — for the model to predict progressing, with about 63% "
        "probability. This shows the patient is close to the decision boundary.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 101},
        True,
        "For patient 101 to be predicted progressing, the counterfactual suggests raising "
        "triglycerides_log from 4.304 to 4.873. With that single change, the model predicts progressing "
        "(61.2%).",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 40},
        True,
        "To get a rejection for applicant 40 (currently approved), the credit score would have to fall "
        "from 768 to 576. At that point the model predicts rejected, although only barely (50.2%).",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 119},
        True,
        "Review 119 is negative rather than positive because of 'dull'. Replacing 'dull' with "
        "'exciting' would make it positive, at 81.2%.",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 0},
        True,
        "Adding 'not' before 'superb' (\"The acting was not superb and the story kept me hooked.\") would "
        "turn the prediction negative, with a probability of 75.5%.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 101},
        True,
        "Applicant 101 stays rejected as long as the credit score is at most 660 and employment years "
        "don't exceed 18 (changing one at a time). The other features, such as income or loan amount, "
        "can vary across their full range without changing the outcome. All 163 sampled changes kept "
        "the rejection.",
    ),
    (
        "demo",
        "explain_how_to_still_be_this",
        {"instance": 40},
        True,
        "The stable prediction for patient 40 is fragile: most sampled changes kept it (269 of 270), "
        "but it sits close to the boundary at 55.4%.",
    ),
    (
        "sentiment",
        "explain_how_to_still_be_this",
        {"instance": 21},
        True,
        "Review 21 stays negative even if you delete 'customer' or 'service'; 8 of the 9 edits that "
        "were tried kept the negative label.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "The five most important features overall are triglycerides_log, bmi, blood_pressure, hdl and "
        "sex. Of these, triglycerides_log stands out with a mean absolute SHAP value of about 0.93, "
        "roughly 60% more than bmi.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "According to the global SHAP analysis, credit_score (0.153) and debt_to_income (0.122) are by "
        "far the most important features for the rejected class; loan_amount (0.049) and income (0.047) "
        "follow.",
    ),
    (
        "sentiment",
        "get_global_explanation",
        {},
        True,
        "Across 60 reviews, 'love' has the largest average effect (0.014), followed by 'beautifully' and 'not'.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The model gets 65 of the 89 test patients right (73%). It misclassifies 12 stable patients as "
        "progressing and 12 progressing patients as stable. ROC AUC: 0.803.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Accuracy is 0.77. Out of 134 truly rejected applicants, the model identifies 89 (recall "
        "0.664), and when it predicts rejected it is right about 79% of the time.",
    ),
    (
        "sentiment",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The sentiment model is 90% accurate on the 120 hand-labelled reviews: 55 of the 60 negative "
        "and 53 of the 60 positive reviews are classified correctly.",
    ),
    (
        "demo",
        "get_data_information",
        {"feature": "bmi"},
        True,
        "BMI in the dataset ranges from 18 to 42.2, with an average of about 26.4. Patients labelled "
        "progressing have a noticeably higher mean BMI (28.4) than stable ones (24.3).",
    ),
    (
        "loan",
        "get_data_information",
        {},
        True,
        "The loan data has 1,500 synthetic applications; 831 (55%) were approved and 669 (45%) rejected.",
    ),
    (
        "sentiment",
        "get_data_information",
        {},
        True,
        "The data consists of 120 short review sentences written by the SimXAI developers, evenly split "
        "between 60 positive and 60 negative. Reviews are 4 to 12 words long, 7.6 on average.",
    ),
    (
        "demo",
        "get_model_information",
        {},
        True,
        "It's a GradientBoostingClassifier (100 estimators, max depth 2, learning rate 0.1), trained on "
        "a stratified 80% split of 442 patients.",
    ),
    (
        "sentiment",
        "get_output_information",
        {},
        True,
        "The model returns either positive or negative. The probability of positive is computed as "
        "(compound + 1) / 2 from VADER's compound score, so it is not a calibrated probability.",
    ),
    (
        "loan",
        "get_output_information",
        {},
        True,
        "Each prediction is one of two classes — approved (the bank grants the loan) or rejected (the "
        "application is turned down) — with a score for each that sums to 1.",
    ),
    ("loan", "get_prediction", {"instance": 101}, False, "The model approves applicant 101 with 75.5% confidence."),
    (
        "demo",
        "get_local_explanation",
        {"instance": 40},
        False,
        "For patient 40, triglycerides_log pushes towards stable, which is why the prediction is stable.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        False,
        "With the credit score lowered to 691.2, applicant 40 would be rejected.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        False,
        "Lowering the credit score by 10% flips the decision: the approval probability drops to 84%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        False,
        "Removing 'dull' doesn't change anything; the review stays negative.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        False,
        "Lowering triglycerides_log to 4.301 makes patient 40 progressing.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 40},
        False,
        "To be predicted progressing, patient 40 would need triglycerides_log raised to 4.825 and a higher bmi of 30.",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 40},
        False,
        "If the credit score fell to 576, applicant 40 would still be approved.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 101},
        False,
        "Raising triglycerides_log to 4.873 and lowering the patient's weight would make the model "
        "predict progressing.",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 119},
        False,
        "Replacing 'dull' with 'exciting' would keep the review negative.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        False,
        "Overall the most important features are triglycerides_log, bmi and smoking status.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        False,
        "The most important features are credit_score, debt_to_income and savings balance.",
    ),
    ("demo", "get_model_performance", {"metric": "all"}, False, "The model's accuracy is 0.803 on 89 patients."),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 101},
        False,
        "Applicant 101 stays rejected as long as the credit score stays below 660 and the number of "
        "open credit lines stays below 5.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 101},
        False,
        "Based on the model, patient 101 is predicted to be stable, and the model seems quite confident "
        "about it (roughly 89%). That said, the data actually records this patient as progressing, so "
        "it's one of the model's mistakes.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 12},
        True,
        "Sure! Here's the result for applicant 12:\n"
        "\n**Prediction:** approved\n**Confidence:** 78%\n\nThe model's prediction matches the actual outcome"
        " in the data.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 0},
        True,
        "The model thinks review 0 is positive — it gives it an 81% chance of being positive versus 19% "
        "negative. It probably picks up on the word 'superb'.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 101},
        True,
        "Let me break down why patient 101 is predicted stable:\n"
        "\n* **triglycerides_log (4.304)** – the strongest factor, pushing towards stable\n* **bmi (22.2)**"
        " – also pushes towards stable\n"
        "\nIn general, lower triglyceride and BMI values are associated with a stable prediction in this m"
        "odel.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 40},
        True,
        "The approval of applicant 40 is mostly driven by their credit score, which pushes strongly "
        "towards approval. A few other features play a smaller role.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 56},
        True,
        "For review 56, the word 'perfect' carries almost all of the positive sentiment, according to "
        "SHAP. Without it the review would likely look neutral to the model.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "Here's a summary of the global feature importance (mean |SHAP|):\n"
        "\n1. triglycerides_log – 0.93\n2. bmi – 0.59\n3. blood_pressure – 0.40\n4. hdl – 0.35\n5. sex – 0.28\n"
        "\nThe model is most sensitive to triglyceride levels and body mass index.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "The model cares most about creditworthiness: credit_score is the top feature, with "
        "debt_to_income second. Loan size and income matter less, and demographics like age and region "
        "matter very little.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "I looked at what happens if patient 12's triglycerides_log is reduced by 10%. The model's "
        "prediction would remain stable; in fact it would become even more confident (about 88% instead "
        "of 79%). So lower triglycerides only reinforce the current prediction.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "That's a big change! Increasing triglycerides_log by 40% would likely move patient 101 into "
        "the progressing category: the model gives progressing about 65% after the change, up from "
        "under 11%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "Good question. If applicant 101's credit score were 40% higher (about 858), the model would "
        "approve the loan instead of rejecting it.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"credit_score": "-10%"}},
        True,
        "The decision would not change. Applicant 12 would remain approved even with a credit score of "
        "754.2; the model would just be slightly less sure (71.6% vs 78.0%).",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        True,
        "Swapping 'perfect' for 'flawed' changes the sentiment from positive to negative — the model "
        "now gives negative about 74%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        True,
        "Even after removing 'Worst', review 21 is still predicted negative.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 101},
        True,
        "Patient 101 is predicted stable, not progressing. The model would switch to progressing if "
        "triglycerides_log were about 4.87 instead of 4.30 — a relatively small increase.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 101},
        True,
        "Applicant 101 was rejected rather than approved mainly because of their credit score. The "
        "counterfactual shows that raising it from 613 to 668 would be enough to get approved.",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 56},
        True,
        "Why isn't review 56 negative? Because of the word 'perfect'. If it said 'flawed' instead, the "
        "model would predict negative.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 40},
        True,
        "To move patient 40 to progressing, the smallest change found is to increase triglycerides_log "
        "slightly, from 4.779 to 4.825. After this change the model would predict progressing with 63% "
        "probability.",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 119},
        True,
        "If you want review 119 to be classified as positive, replace 'dull' with 'exciting'. The model "
        "would then predict positive (about 81%).",
    ),
    (
        "demo",
        "explain_how_to_still_be_this",
        {"instance": 101},
        True,
        "Patient 101 would stay stable under any single change the analysis tried — all 311 sampled "
        "changes kept the prediction.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 40},
        True,
        "Applicant 40 remains approved across a wide range of values; for example, the loan amount can "
        "be anywhere from 6.1 to 500 and the decision stays the same.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Overall, the model performs moderately well: 73% accuracy and an AUC of about 0.8 on the "
        "held-out set. Errors are split evenly — 12 false positives and 12 false negatives.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The model correctly classifies 231 of the 300 held-out applicants (77%). It's better at "
        "spotting approvals (142 of 166) than rejections (89 of 134).",
    ),
    (
        "sentiment",
        "get_model_performance",
        {"metric": "all"},
        True,
        "With 90% accuracy and an ROC AUC of 0.94, the VADER model does well on this small review set, "
        "though the set is too small for firm conclusions.",
    ),
    (
        "demo",
        "get_data_information",
        {},
        True,
        "The dataset includes 442 diabetes patients, each described by 10 baseline features. The "
        "target, disease progression, is split evenly: 221 stable and 221 progressing.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        True,
        "This is a synthetic dataset of loan applications. Each of the 1500 applications has the "
        "applicant's finances (income, credit score, debt-to-income), the loan requested (amount, term, "
        "purpose) and the bank's decision.",
    ),
    (
        "demo",
        "get_model_information",
        {},
        True,
        "The model is a gradient-boosting classifier. It was trained on 80% of the data and evaluated "
        "on the remaining 89 patients, where it reaches an accuracy of 0.73.",
    ),
    (
        "loan",
        "get_model_information",
        {},
        True,
        "The model is a scikit-learn Pipeline: a ColumnTransformer for one-hot encoding followed by a "
        "RandomForestClassifier with 100 trees.",
    ),
    (
        "sentiment",
        "get_output_information",
        {},
        True,
        "The model outputs positive or negative. A review without any sentiment words gets labelled negative.",
    ),
    (
        "demo",
        "get_output_information",
        {},
        True,
        "It predicts one of two classes, stable or progressing, based on whether the one-year "
        "progression score is above 140.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 101},
        False,
        "Patient 101 is predicted progressing with about 89% confidence.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 12},
        False,
        "Applicant 12 is approved (78%), but the recorded decision was a rejection, so the model got it wrong.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 101},
        False,
        "For patient 101, bmi is the most important feature, followed by triglycerides_log.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        False,
        "If patient 12's triglycerides_log dropped by 10%, the model would change its prediction to progressing.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        False,
        "Even with a 40% higher credit score, applicant 101 would still be rejected.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        False,
        "Swapping 'perfect' for 'flawed' leaves the review positive.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 101},
        False,
        "Patient 101 would switch to progressing if bmi were raised to 30.",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 119},
        False,
        "Replacing 'dull' with 'exciting' would still leave the review negative.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 40},
        False,
        "Raising triglycerides_log to 4.825 would make patient 40 progressing with 83% probability.",
    ),
    ("demo", "get_global_explanation", {}, False, "Globally, age is the most important feature."),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        False,
        "The model reaches an accuracy of 80% on the held-out set.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        False,
        "The dataset has 1500 applications, of which 669 were approved and 831 rejected.",
    ),
    ("demo", "get_output_information", {}, False, "The model predicts stable, progressing or remission."),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Great question! I simulated a 10% reduction in triglycerides_log for patient 40 (4.779 → "
        "4.301). The result: the prediction is unchanged — still stable — but the model becomes a lot "
        "more certain, with the stable probability rising to 82.0% (from 55.4%). This suggests "
        "triglycerides are an important lever for this patient.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "With triglycerides_log at 3.874 instead of 4.304, patient 12 would remain in the stable "
        "category. The model's confidence in stable goes up by about 9 percentage points, to 87.7%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "This is an interesting case. Currently, patient 101 is predicted stable with high confidence "
        "(89.3%). If triglycerides_log increased by 40%, the prediction would change to progressing. "
        "After the change, the model estimates a 64.9% probability of progressing and 35.1% of stable.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "Applicant 101 is currently rejected. With their credit score raised by 40% (613 → 858.2), the "
        "model would approve the application instead.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"credit_score": "-10%"}},
        True,
        "Reducing applicant 12's credit score by 10% would lower the approval probability somewhat, "
        "from 78.0% to 71.6%, but the application would still be approved.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        True,
        "Changing 'superb' to 'awful' turns review 0 from positive into negative. The negative "
        "probability jumps from 18.8% to 72.9%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        True,
        "If the review said 'flawed' instead of 'perfect', the model would classify it as negative "
        "(73.8%) instead of positive.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        True,
        "Deleting the word 'Worst' does not change the outcome: review 21 stays negative.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        True,
        "The model did not predict progressing for patient 12 because their BMI (23.7) is on the lower "
        "side. The counterfactual analysis found that raising BMI to 27.3, with everything else "
        "unchanged, would be enough for a progressing prediction, although the probability would only "
        "be about 52%.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 40},
        True,
        "Applicant 40 is approved, not rejected, largely thanks to a good credit score of 768. The "
        "model would reject the application only if the credit score dropped to 576 — and even then it "
        "would be a near coin flip (50.2% rejected).",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 0},
        True,
        "The model predicts positive for review 0, not negative. Inserting 'not' — so that it reads "
        "'The acting was not superb and the story kept me hooked.' — would make the model predict "
        "negative (75.5%).",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 101},
        True,
        "Here's what would need to change for applicant 101 to be approved:\n"
        "\n- credit_score: 613 → 668\n\nThat's it — a single change. The model would then approve with about"
        " 53% probability.",
    ),
    (
        "demo",
        "explain_how_to_still_be_this",
        {"instance": 12},
        True,
        "Patient 12 would stay stable under a wide range of changes. For instance, BMI could be "
        "anywhere between 18 and 27.2 and glucose between 58 and 124 (one at a time). In all 305 "
        "sampled changes the prediction stayed stable.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 101},
        True,
        "To remain rejected, applicant 101's credit score would need to stay between 419 and 660. Other "
        "features such as age (19–75) or loan term (12–84) can vary freely on their own.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        True,
        "Here's why the model predicts stable for patient 12:\n"
        "\n- Triglycerides (4.304) strongly push towards stable.\n- HDL (62) also pushes towards stable.\n- "
        "BMI (23.7) adds a bit more support for stable.\n"
        "- On the other hand, sex and glucose push slightly away from stable.\n"
        "\nThe net result is a 78.6% probability of stable.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        True,
        "The decision to approve applicant 12 is mainly due to their very high credit score (838). "
        "Their debt-to-income ratio of 0.43 is the main factor working against approval.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 119},
        True,
        "In review 119, 'dull' is the word that drives the negative prediction, while 'straight' "
        "slightly pushes in the positive direction.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "On average across patients, the features with the largest impact on the model's predictions "
        "are triglycerides_log, bmi and blood_pressure. hdl and sex come next, while ldl and "
        "cholesterol_ratio have very little influence.",
    ),
    (
        "sentiment",
        "get_global_explanation",
        {},
        True,
        "Globally, the words with the most influence are 'love' (0.014), 'beautifully' (0.010) and "
        "'not' (0.009). The word 'dull' pushes reviews towards negative on average.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 12},
        True,
        "The model predicts patient 12 will be stable (78.6%), although the recorded outcome was "
        "progressing. So in this case the prediction is incorrect.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 101},
        True,
        "For applicant 101 the model predicts a rejection (75.5% rejected vs 24.5% approved), in line "
        "with the recorded decision.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Here's how the model performs on the held-out split (300 applicants):\n"
        "\n- Accuracy: 0.77\n- Precision: 0.79\n- Recall: 0.66\n- F1: 0.72\n- ROC AUC: 0.88\n\nIt catches about "
        "two thirds of the applications that are actually rejected.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The model is correct for about 73% of patients in the test set. Both precision and recall are "
        "0.727, and the ROC AUC is 0.803.",
    ),
    (
        "demo",
        "get_data_information",
        {},
        True,
        "The diabetes dataset (Efron et al., 2004) contains 442 patients and 10 features: age, sex, "
        "bmi, blood_pressure, total_cholesterol, ldl, hdl, cholesterol_ratio, triglycerides_log and "
        "glucose. Half of the patients are progressing.",
    ),
    (
        "loan",
        "get_model_information",
        {},
        True,
        "The loan model is a random forest of 100 trees with a maximum depth of 8, combined with "
        "one-hot encoding of the categorical features (region, home ownership, purpose). On the "
        "held-out split it's wrong on 69 of 300 applicants.",
    ),
    (
        "sentiment",
        "get_model_information",
        {},
        True,
        "The model is VADER, a rule-based sentiment analyzer from 2014. It handles negation, "
        "intensifiers like 'very', contrast with 'but', capital letters and exclamation marks. It may "
        "miss sarcasm.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        False,
        "Reducing triglycerides_log by 10% for patient 40 would flip the prediction to progressing.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        False,
        "If triglycerides_log increased by 40%, patient 101 would still be predicted stable, though "
        "with lower confidence.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        False,
        "Even with a credit score of 858, applicant 101 would remain rejected.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        False,
        "Deleting 'Worst' makes review 21 positive.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        False,
        "Patient 12 would be predicted progressing if their BMI rose to 27.3 and their blood sugar went up to 140.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 40},
        False,
        "To be rejected, applicant 40 would need a credit score of 576 and an annual salary below 20k.",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 101},
        False,
        "Raising the credit score to 668 would not be enough; applicant 101 would still be rejected.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        False,
        "Applicant 12 is approved mainly because of a high income.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        False,
        "The features with the largest impact are triglycerides_log, bmi and physical activity.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 119},
        False,
        "The word 'knife' is what drives the negative prediction in review 119.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 101},
        False,
        "Applicant 101 is predicted approved, in line with the recorded decision.",
    ),
    (
        "demo",
        "get_data_information",
        {},
        False,
        "The dataset contains 442 patients and 12 features, including smoking status and family history.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 40},
        True,
        "I think the key takeaway is that patient 40 is a borderline case. The model says stable, but "
        "only with 55 percent probability, and progressing is not far behind at 45 percent.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 40},
        True,
        "Prediction for applicant 40: approved (p = 0.895). Recorded decision: approved. ✅ Correct.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 119},
        True,
        'Review 119 ("The knife was dull straight out of the box.") is predicted negative, but it\'s not '
        "a strong call — the probability of negative is about 0.6.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 40},
        True,
        "It seems the model's decision for patient 40 comes down to a tug of war. Triglycerides (4.779) "
        "pull towards progressing, while BMI (25.6) and sex pull towards stable. The stable side wins, "
        "narrowly.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 101},
        True,
        "| Feature | Value | Pushes towards |\n"
        "|---|---|---|\n"
        "| credit_score | 613 | rejected |\n"
        "| debt_to_income | 0.31 | rejected |\n"
        "| loan_amount | 6.6 | approved |\n"
        "\nSo the low credit score is the main reason applicant 101 was rejected.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 21},
        True,
        "For review 21 the model predicts negative, and the most important word is 'Worst', which "
        "pushes strongly towards negative.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "If I had to summarize: the model mostly looks at triglycerides_log and bmi. blood_pressure, "
        "hdl and sex form a second tier, and the remaining features (glucose, total_cholesterol, age, "
        "ldl, cholesterol_ratio) matter relatively little.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "| Rank | Feature | Mean |SHAP| |\n"
        "|---|---|---|\n"
        "| 1 | credit_score | 0.153 |\n"
        "| 2 | debt_to_income | 0.122 |\n| 3 | loan_amount | 0.049 |\n| 4 | income | 0.047 |",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "Option considered: triglycerides_log +40% (4.304 → 6.026).\n"
        "Outcome: the prediction flips from stable to progressing.\n"
        "New probabilities: progressing 64.9%, stable 35.1%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        True,
        "I checked this for you: lowering applicant 40's credit score by 10% (to 691.2) leaves the "
        "decision as approved. The model's approval probability decreases slightly, from 0.895 to 0.84.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "Taking 'dull' out of review 119 makes the model change its mind: it goes from negative (60.1%) "
        "to positive (61.3%). That shows how much weight that single word carries.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        True,
        "After the edit ('superb' → 'awful') the review would be predicted negative with a probability "
        "of 0.73; before the edit it was positive at 0.81.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 12},
        True,
        "Why not rejected? Applicant 12's credit score of 838 is well above the level where the model "
        "starts rejecting. The counterfactual indicates that at a credit score of 676 the model would "
        "predict rejected (51.1%).",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 21},
        True,
        "To get a positive prediction for review 21, the counterfactual suggests replacing 'Worst' with "
        "'Best'. The model would then predict positive with about 82% probability.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 12},
        True,
        "Option 1: increase bmi from 23.7 to 27.3 → the model predicts progressing (51.8%).\n"
        "This was the only counterfactual found.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 12},
        True,
        "Applicant 12 keeps their approval as long as the credit score doesn't fall below 686. Things "
        "like income (12 to 189.4) or loan amount (6.1 to 500) can vary on their own without affecting "
        "the decision.",
    ),
    (
        "sentiment",
        "explain_how_to_still_be_this",
        {"instance": 56},
        True,
        "Review 56 remains positive if you delete words such as 'This', 'coffee' or 'maker'; 8 out of "
        "10 edits kept the positive prediction.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The model's performance is moderate: accuracy 0.73, F1 0.727, ROC AUC 0.803 on 89 held-out "
        "patients. It made 24 mistakes.",
    ),
    (
        "sentiment",
        "get_model_performance",
        {"metric": "all"},
        True,
        "VADER gets 108 out of 120 reviews right (90% accuracy), with an F1 score of about 0.9.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        True,
        "There are 1500 applicants in the data. The average applicant is about 48 years old and earns "
        "about 50k a year, and the average credit score is around 658.",
    ),
    (
        "demo",
        "get_model_information",
        {},
        True,
        "The model is a GradientBoostingClassifier from scikit-learn. Its settings were chosen by "
        "5-fold cross-validation, and on the held-out split it beats the majority-class baseline (0.73 "
        "vs 0.506 accuracy).",
    ),
    (
        "loan",
        "get_output_information",
        {},
        True,
        "Possible outputs: approved, rejected. Each comes with a probability score.",
    ),
    ("demo", "get_prediction", {"instance": 40}, False, "Patient 40 is predicted stable with 75 percent probability."),
    (
        "loan",
        "get_local_explanation",
        {"instance": 101},
        False,
        "| Feature | Value | Pushes towards |\n"
        "|---|---|---|\n"
        "| credit_score | 613 | approved |\n"
        "| debt_to_income | 0.31 | rejected |\n\nThe credit score is the main reason.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        False,
        "Option considered: triglycerides_log +40%.\n"
        "Outcome: the prediction stays stable.\nNew probabilities: stable 64.9%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        False,
        "Lowering applicant 40's credit score by 10% changes the decision to rejected.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        False,
        "Taking 'dull' out of review 119 doesn't change the model's mind: it stays negative.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 12},
        False,
        "Option 1: increase bmi from 23.7 to 27.3 → the model still predicts stable.",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 12},
        False,
        "Option 1: increase bmi from 23.7 to 27.3 and decrease exercise hours → progressing (51.8%).",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        False,
        "The model mostly looks at triglycerides_log and waist circumference.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        False,
        "| Rank | Feature | Mean |SHAP| |\n"
        "|---|---|---|\n| 1 | credit_score | 0.153 |\n| 2 | payment history | 0.122 |",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 21},
        False,
        "For review 21 the most important word is 'service', which pushes strongly towards negative.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        False,
        "The model's performance: accuracy 0.73, F1 0.727, ROC AUC 0.803. It made 30 mistakes.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        False,
        "The average applicant is about 48 years old and has a monthly rent of about 1,200.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Sure, here's the what-if result for patient 12:\n"
        "\n| | Original | Modified |\n|---|---|---|\n| triglycerides_log | 4.304 | 3.874 |\n| Predicted class"
        " | stable | stable |\n"
        "| P(stable) | 0.786 | 0.877 |\n"
        "\nThe prediction does not change; the model just becomes more confident.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        True,
        "In this scenario, patient 40 remains stable. The 10% drop in triglycerides_log raises the "
        "stable probability by roughly 27 points (55.4% → 82.0%), which moves the patient well away "
        "from the decision boundary.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "Yes — a 40% increase in triglycerides_log is enough to change patient 101's prediction. The "
        "model would now predict progressing (64.9%) instead of stable (89.3% before the change).",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "With a 40% higher credit score (858.2 instead of 613), applicant 101 would be approved rather than rejected.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        True,
        "Applicant 40's decision is robust to this change: even with the credit score reduced to 691.2, "
        "the model still approves (84.0%), compared with 89.5% originally.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"credit_score": "-10%"}},
        True,
        "The outcome stays the same (approved). The probability of rejection increases from 22.0% to "
        "28.4%, but that's still well below 50%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        True,
        "Replacing 'superb' with 'awful' makes a big difference: the review goes from being classified "
        "as positive to negative, with the negative probability at 72.9% after the change.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "If we remove 'dull', the prediction changes from negative to positive. The positive "
        "probability increases from 39.9% to 61.3%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        True,
        "Changing 'perfect' to 'flawed' flips review 56 to negative. Before: positive (78.6%). After: "
        "negative (73.8%).",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        True,
        "No change: without 'Worst', the model still classifies review 21 as negative.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 40},
        True,
        "The model predicts stable for patient 40 instead of progressing. It's a close call, though: "
        "the counterfactual shows that raising triglycerides_log just slightly (4.779 → 4.825) would "
        "already change the prediction to progressing, at 63%.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 101},
        True,
        "Applicant 101 wasn't approved because their credit score (613) is too low for the model. "
        "Raising it to 668 would change the prediction to approved (52.8%).",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 56},
        True,
        "Review 56 is positive rather than negative because of the word 'perfect'. Swapping it for "
        "'flawed' would be enough for a negative prediction (73.8%).",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 12},
        True,
        "For applicant 12 to be rejected, the model would need to see a much lower credit score: 676 "
        "instead of 838. With that, the prediction becomes rejected, though only at 51.1%.",
    ),
    (
        "demo",
        "explain_how_to_still_be_this",
        {"instance": 40},
        True,
        "Patient 40's stable prediction is fairly sensitive. The model kept the prediction in 269 of "
        "270 sampled changes, but the probability is only 55.4%, so larger combined changes could flip "
        "it.",
    ),
    (
        "sentiment",
        "explain_how_to_still_be_this",
        {"instance": 119},
        True,
        "Review 119 stays negative even if you remove words like 'straight', 'The' or 'knife'. In "
        "total, 8 of the 11 edits tested kept the negative label.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 101},
        True,
        "Patient 101 is predicted stable with 89.3% probability. Low triglycerides (4.304), a low BMI "
        "(22.2) and a high HDL (67) all push towards stable. Blood pressure (113) is the main factor "
        "pushing the other way.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 40},
        True,
        "The model approves applicant 40, with the credit score of 768 being the most important reason.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 0},
        True,
        "Only one word really matters for review 0: 'superb', which pushes the prediction towards "
        "positive by about 0.31. All other words have zero contribution.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "The global SHAP importances show a clear hierarchy: triglycerides_log (0.927) > bmi (0.585) > "
        "blood_pressure (0.396) > hdl (0.35) > sex (0.277).",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "Credit score is the dominant feature globally (0.153), followed closely by the debt-to-income "
        "ratio (0.122). Everything else contributes less than 0.05 on average.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 12},
        True,
        "The model's answer for patient 12 is stable (78.6% vs 21.4% for progressing). In the data, "
        "though, this patient is recorded as progressing, so this is a misclassification.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 21},
        True,
        "Review 21 is predicted negative (81.2%), and that matches its recorded label.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "On the test set of 300 applicants, the model has 77% accuracy, 0.79 precision, 0.66 recall and "
        "an ROC AUC of 0.88. It wrongly rejects 24 applicants who were approved and wrongly approves 45 "
        "who were rejected.",
    ),
    (
        "sentiment",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Accuracy is 90%. Out of 60 negative reviews, 5 were misclassified as positive; out of 60 "
        "positive reviews, 7 were misclassified as negative.",
    ),
    (
        "demo",
        "get_data_information",
        {"feature": "bmi"},
        True,
        "BMI values range from 18 to 42.2 kg/m², with a mean of 26.4 and a standard deviation of about 4.4.",
    ),
    (
        "sentiment",
        "get_data_information",
        {},
        True,
        "The dataset has 120 reviews (60 positive, 60 negative), each 4–12 words long.",
    ),
    (
        "loan",
        "get_model_information",
        {},
        True,
        "It's a random forest classifier (100 trees, max depth 8) wrapped in a scikit-learn pipeline. "
        "Its held-out accuracy is 0.77, compared with 0.553 for always predicting the most common label.",
    ),
    (
        "demo",
        "get_output_information",
        {},
        True,
        "The model gives one of two answers — stable or progressing — plus a probability for each. "
        "These probabilities aren't calibrated, so treat them as confidence scores rather than clinical "
        "risks.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Here's what the model says: if patient 12's log-triglycerides dropped 10% to 3.874, nothing "
        "changes in terms of the label, since they'd still be classed as stable. The stable probability "
        "would go up to 87.7%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "The what-if analysis shows a change in prediction: patient 101 moves from stable to "
        "progressing when triglycerides_log is raised to 6.026. The progressing probability increases "
        "from 10.7% to 64.9%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "Raising the credit score to 858.2 would lead the model to approve applicant 101's loan.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 40, "changes": {"credit_score": "-10%"}},
        True,
        "With the credit score at 691.2 (10% lower), applicant 40 is still approved. Approval "
        "probability: 84.0% (was 89.5%).",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        True,
        "Replacing 'perfect' with 'flawed' in review 56 causes the model to predict negative instead of "
        "positive, with 73.8% for negative.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        True,
        "Yes, it changes. With 'awful' in place of 'superb', review 0 is classified as negative "
        "(72.9%), whereas it was positive (81.2%) before.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        True,
        "Patient 12 isn't predicted progressing because several measurements, notably triglycerides and "
        "BMI, are on the healthier side. The nearest counterfactual changes only BMI, from 23.7 to "
        "27.3, which would make the model predict progressing (51.8%).",
    ),
    (
        "loan",
        "explain_how_to_be_that",
        {"instance": 40},
        True,
        "Applicant 40 would be rejected only if their credit score fell to 576; at that point the "
        "rejection probability would be 50.2%.",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 56},
        True,
        "One way to make review 56 negative: replace 'perfect' with 'flawed'. The model then predicts "
        "negative at 73.8%.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        True,
        "For patient 12, triglycerides_log (4.304) is the strongest contributor towards stable, "
        "followed by hdl (62) and bmi (23.7). Sex and glucose work against stable, but only weakly.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 12},
        True,
        "The main driver of applicant 12's approval is their credit score of 838, which raises the "
        "approval probability by 0.27. The debt-to-income ratio of 0.43 lowers it by 0.14.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "Overall, triglycerides_log matters most (importance 0.927). The second most important feature "
        "is bmi (0.585), and the third is blood_pressure (0.396).",
    ),
    (
        "sentiment",
        "get_global_explanation",
        {},
        True,
        "The five most important words are 'love', 'beautifully', 'not', 'satisfying' and 'good'.",
    ),
    (
        "loan",
        "get_prediction",
        {"instance": 40},
        True,
        "Applicant 40 is approved by the model with 89.5% probability, which agrees with the recorded label.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "Out of 89 held-out patients, the model correctly classifies 65. Of the 45 stable patients, 33 "
        "are predicted stable; of the 44 progressing patients, 32 are predicted progressing.",
    ),
    (
        "loan",
        "get_data_information",
        {},
        True,
        "The loan dataset contains 1500 applications, with 831 approved and 669 rejected, and ten "
        "features including income, credit score and loan amount.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        False,
        "If patient 12's triglycerides dropped 10%, they'd be classed as progressing.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 0, "changes": {"superb": "awful"}},
        False,
        "With 'awful' in place of 'superb', review 0 is still classified as positive.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        False,
        "The nearest counterfactual changes BMI from 23.7 to 27.3 and glucose from 81 to 110, which "
        "would make the model predict progressing.",
    ),
    (
        "sentiment",
        "explain_how_to_be_that",
        {"instance": 56},
        False,
        "Replace 'perfect' with 'flawed' and the model still predicts positive.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 12},
        False,
        "For patient 12, triglycerides_log is the strongest contributor, followed by hdl and waist size.",
    ),
    ("demo", "get_global_explanation", {}, False, "The second most important feature is insulin resistance."),
    (
        "loan",
        "get_data_information",
        {},
        False,
        "The dataset has ten features including income, credit score and marital status.",
    ),
    ("demo", "get_model_performance", {"metric": "all"}, False, "Of the 44 stable patients, 33 are predicted stable."),
    (
        "demo",
        "explain_what_if",
        {"instance": 40, "changes": {"triglycerides_log": "-10%"}},
        True,
        "**What-if result for patient 40**\n"
        "\n- Change: triglycerides_log reduced by 10% (4.779 → 4.301)\n- Prediction before: stable (55.4%)\n"
        "- Prediction after: stable (82.0%)\n"
        "\n**Conclusion:** the prediction stays stable, and the model becomes considerably more confident.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 12, "changes": {"triglycerides_log": "-10%"}},
        True,
        "Reducing triglycerides_log by 10% for patient 12 would not alter the prediction; stable "
        "remains the predicted class, now at 87.7% rather than 78.6%.",
    ),
    (
        "demo",
        "explain_what_if",
        {"instance": 101, "changes": {"triglycerides_log": "+40%"}},
        True,
        "Interesting — for patient 101, a 40% higher triglycerides_log (about 6.03) would tip the "
        "prediction over to progressing, with roughly a 65% probability. Before the change, progressing "
        "was only at 10.7%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 12, "changes": {"credit_score": "-10%"}},
        True,
        "Applicant 12 would keep their approval with a credit score of 754.2: the approval probability "
        "goes down from 78.0% to 71.6%, and the rejection probability goes up from 22.0% to 28.4%.",
    ),
    (
        "loan",
        "explain_what_if",
        {"instance": 101, "changes": {"credit_score": "+40%"}},
        True,
        "If the credit score went from 613 to about 858, the model's decision for applicant 101 would "
        "switch from rejected to approved.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 119, "changes": {"dull": ""}},
        True,
        "Once 'dull' is deleted, review 119 is no longer classified as negative: the model now says "
        "positive with 61.3%.",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 56, "changes": {"perfect": "flawed"}},
        True,
        "In short: swapping 'perfect' for 'flawed' turns review 56 negative (73.8%); originally it was "
        "positive (78.6%).",
    ),
    (
        "sentiment",
        "explain_what_if",
        {"instance": 21, "changes": {"Worst": ""}},
        True,
        "Removing 'Worst' from review 21 keeps the prediction negative.",
    ),
    (
        "demo",
        "explain_why_not",
        {"instance": 12},
        True,
        "Why isn't patient 12 predicted progressing? Mainly because the model sees a stable profile. "
        "According to the counterfactual explanation, it would take a BMI of about 27.3 (instead of "
        "23.7) for the model to predict progressing, and even then only at about 52%.",
    ),
    (
        "loan",
        "explain_why_not",
        {"instance": 40},
        True,
        "Applicant 40 isn't rejected because of a strong credit score (768). The counterfactual "
        "suggests the score would have to drop to 576 before the model predicts rejected (50.2%).",
    ),
    (
        "sentiment",
        "explain_why_not",
        {"instance": 21},
        True,
        "Review 21 is negative, not positive, mostly because of the word 'Worst'. If it said 'Best' "
        "instead, the model would predict positive (81.8%).",
    ),
    (
        "demo",
        "explain_how_to_be_that",
        {"instance": 101},
        True,
        "To change patient 101's prediction to progressing, the counterfactual search suggests "
        "increasing triglycerides_log from 4.304 to 4.873. No other changes are needed, and the "
        "resulting progressing probability is 61.2%.",
    ),
    (
        "loan",
        "explain_how_to_still_be_this",
        {"instance": 40},
        True,
        "Applicant 40's approval is quite stable. All 163 sampled single-feature changes kept the "
        "approval, so no single feature change within the observed ranges flips it.",
    ),
    (
        "demo",
        "get_local_explanation",
        {"instance": 40},
        True,
        "The most influential feature for patient 40 is triglycerides_log (4.779), which pushes the "
        "prediction away from stable. bmi (25.6) and sex (2) push towards stable and outweigh it, so "
        "the model ends up at 55.4% stable.",
    ),
    (
        "loan",
        "get_local_explanation",
        {"instance": 101},
        True,
        "Applicant 101's rejection (75.5%) is driven by the low credit score (613) above all. The "
        "debt-to-income ratio (0.31), income (28.7) and employment years (3) push slightly towards "
        "rejection too, while the small loan amount (6.6) pushes towards approval.",
    ),
    (
        "sentiment",
        "get_local_explanation",
        {"instance": 56},
        True,
        "The positive prediction for review 56 is explained almost entirely by the word 'perfect'.",
    ),
    (
        "demo",
        "get_global_explanation",
        {},
        True,
        "Looking at the whole dataset, triglycerides_log has the largest mean absolute SHAP value "
        "(0.927), about 1.6 times that of bmi (0.585). Blood pressure (0.396) and HDL (0.35) follow.",
    ),
    (
        "loan",
        "get_global_explanation",
        {},
        True,
        "For the loan model, credit_score (0.153) and debt_to_income (0.122) dominate; loan_amount "
        "(0.049) and income (0.047) matter less, and the rest contribute very little.",
    ),
    (
        "demo",
        "get_prediction",
        {"instance": 101},
        True,
        "Patient 101: predicted stable (89.3%), recorded stable — a correct prediction.",
    ),
    (
        "sentiment",
        "get_prediction",
        {"instance": 0},
        True,
        "The model classifies review 0 as positive with 81.2% probability, which agrees with the recorded label.",
    ),
    (
        "demo",
        "get_model_performance",
        {"metric": "all"},
        True,
        "On the 89 test patients: accuracy 73%, precision 0.727, recall 0.727, F1 0.727 and ROC AUC "
        "0.803. So roughly one in four patients is misclassified.",
    ),
    (
        "loan",
        "get_model_performance",
        {"metric": "all"},
        True,
        "The confusion matrix shows 142 correct approvals, 89 correct rejections, 24 approved "
        "applicants predicted rejected and 45 rejected applicants predicted approved.",
    ),
    (
        "sentiment",
        "get_data_information",
        {},
        True,
        "The review dataset is small (120 sentences), balanced (60/60) and hand-written by the SimXAI "
        "developers, so performance on it is only a rough indication.",
    ),
    (
        "demo",
        "get_model_information",
        {},
        True,
        "The model is a GradientBoostingClassifier with n_estimators = 100, max_depth = 2 and "
        "learning_rate = 0.1. It was trained on 353 patients.",
    ),
    (
        "sentiment",
        "get_output_information",
        {},
        True,
        "There are two labels: negative (VADER's compound score is 0 or below) and positive (above 0).",
    ),
]


@pytest.fixture(scope="module")
def bench_hosts(demo_host, loan_host):
    from simxai.hosts.sentiment import load_sentiment_host

    return {"demo": demo_host, "loan": loan_host, "sentiment": load_sentiment_host()}


@pytest.mark.parametrize(("host", "function", "arguments", "faithful", "reply"), REPLIES)
def test_hand_written_replies_about_real_outputs(bench_hosts, host, function, arguments, faithful, reply):
    chosen = bench_hosts[host]
    schema = chosen.schema()
    vocab = Vocabulary(
        labels=list(schema.class_names),
        features=[f.name for f in schema.features],
        aliases={f.name: list(f.aliases) for f in schema.features},
        instance_noun=schema.instance_noun,
    )
    payload = result_payload(default_registry().get(function)(chosen, arguments))
    report = check_claims(reply, [payload], vocabulary=vocab)
    assert report.passed is faithful, report
