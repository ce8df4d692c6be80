// The timeline bar's Kazakh labels (a developer's tool, shown only by `scores replay --serve`).
export const kkReplay = {
  region: 'Қайталау уақыт шкаласы',
  title: 'Қайталау',
  play: 'Ойнату',
  pause: 'Кідірту',
  step: 'Келесі факт',
  speed: 'Жылдамдық',
  moment: 'Сәт',
  matchId: 'Матч id',
  nextEvent: 'Матчтың келесі оқиғасы',
  playing: 'ойнап тұр',
  paused: 'кідіртілді',
} as const;
