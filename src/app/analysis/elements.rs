//! The analysis's elements with an id: the panel's, the bar's (their markup is
//! `panel`'s), found by the parts that bind them.

crate::controls! {
    /// The panel's and the bar's elements.
    pub(crate) enum AnalysisControl {
        EvalBar = "eval-bar",
        Panel = "analysis",
        Eval = "eval",
        Review = "review",
        LineCount = "engine-line-count",
        Threat = "threat",
        KeepSearching = "keep-searching",
        EngineLines = "engine-lines",
        ThreatLine = "threat-line",
        Practice = "practice",
        PracticePanel = "practice-panel",
        PracticeLevel = "practice-level",
        PracticeColour = "practice-colour",
        PracticeStart = "practice-start",
        PracticeTakeback = "practice-takeback",
        PracticeStatus = "practice-status",
        ReviewProgress = "review-progress",
        StopReview = "stop-review",
        Graph = "eval-graph",
        KeepReview = "keep-review",
        Learn = "learn",
        LearnPanel = "learn-panel",
        LearnPlayer = "learn-player",
        LearnStart = "learn-start",
        LearnStatus = "learn-status",
        LearnSolution = "learn-solution",
        LearnSkip = "learn-skip",
    }
}
