"""The leaderboard: results store, submission flow, ranking with intervals, the Gradio app and Space packaging."""
