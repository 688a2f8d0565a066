import { useState } from "react";
import type { PictureData } from "../../lib/images";
import { VideoPlayer, type VideoCopy } from "./VideoPlayer";

interface Props {
  videoId: string;
  title: string;
  poster: PictureData;
  copy: VideoCopy;
}

/** An inline video that loads the provider only when the visitor presses play. Hydrate client:visible. */
export default function VideoFacade(props: Props) {
  const [playing, setPlaying] = useState(false);
  return <VideoPlayer {...props} playing={playing} onPlay={() => setPlaying(true)} />;
}
